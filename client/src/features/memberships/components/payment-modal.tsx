import { useCallback, useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Plan } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { paymentConfigQueryOptions } from '../api/get-payment-config'
import { useQuote } from '../api/get-quote'
import type { CardField } from '../card/card-provider'
import type { CardProviderState } from '../hooks/use-lazy-card-provider'
import { usePayForPlan } from '../hooks/use-pay-for-plan'
import {
  CARD_UNAVAILABLE_MESSAGE,
  checkBilling,
  emptyBilling,
  type BillingValues,
} from '../model/billing-form'
import { formatUsd } from '@/lib/plan-texts'
import { BillingFields } from './billing-fields'
import { CardInput } from './card-input'
import { PaymentUnavailable } from './payment-unavailable'
import { QuoteSummary } from './quote-summary'
import { SecurityBanner } from './security-banner'
import shared from './memberships-shared.module.css'

export interface PaymentModalProps {
  plan: Plan
  email: string
  card: CardProviderState
  /** the support address from settings: the way to upgrade when card payments are not configured */
  supportEmail: string | undefined
  onClose: () => void
  onPaid: (plan: Plan) => void
}

/** Paying for an upgrade: the server's quote, the billing form (spec section 5), the card and the security banner. */
export function PaymentModal({ plan, email, card, supportEmail, onClose, onPaid }: PaymentModalProps) {
  const quote = useQuote(plan._id)
  const config = useQuery(paymentConfigQueryOptions())
  const [values, setValues] = useState<BillingValues>(() => emptyBilling(email))
  const [field, setField] = useState<CardField | null>(null)
  const { pay, paying, error, setError } = usePayForPlan(() => onPaid(plan), onClose)
  const onField = useCallback((f: CardField | null) => setField(f), [])
  // The server says so twice (its public payment config and the quote); either is enough to stop paying.
  const notConfigured =
    config.data?.publishableKey === null ||
    quote.data?.paymentsConfigured === false ||
    card.status === 'notConfigured'

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkBilling(values)
    if (!checked.ok) return setError(checked.message)
    if (card.status !== 'ready' || !field) return setError(CARD_UNAVAILABLE_MESSAGE)
    if (!quote.data) return
    void pay({ planId: plan._id, billing: checked.billing, provider: card.provider, field })
  }

  return (
    <Modal open onClose={onClose} size="md" title={`Upgrade to ${plan.planName}`} dismissible={!paying}>
      <SecurityBanner open />
      <QuoteSummary quote={quote} />
      {notConfigured ? (
        <PaymentUnavailable plan={plan} supportEmail={supportEmail} onClose={onClose} />
      ) : (
        <form className="payment-form" onSubmit={submit} noValidate>
          <BillingFields
            values={values}
            onChange={(key, value) => {
              setValues((v) => ({ ...v, [key]: value }))
              setError(null)
            }}
          />
          <CardInput state={card} onField={onField} />
          {error && (
            <p role="alert" className={shared['form-error']}>
              {error}
            </p>
          )}
          <div className={shared['payment-form__actions']}>
            <Button variant="secondary" onClick={onClose} disabled={paying}>
              Cancel
            </Button>
            <Button type="submit" loading={paying} disabled={!quote.data || config.isPending}>
              {quote.data ? `Pay ${formatUsd(quote.data.amount)}` : 'Pay'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  )
}
