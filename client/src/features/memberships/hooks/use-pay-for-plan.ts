import { useState } from 'react'
import { toast } from 'sonner'
import { PAYMENT_FAILED_MESSAGE, type BillingDetails } from '@bookstrut/schemas'
import { errorMessage, isApiError } from '@/lib/api-client'
import { useCreatePaymentIntent } from '../api/create-payment-intent'
import { useConfirmMembership } from '../api/confirm-membership'
import type { CardField, CardProvider } from '../card/card-provider'

export interface PayInput {
  planId: string
  billing: BillingDetails
  provider: CardProvider
  field: CardField
}

/**
 * The upgrade flow after the form is valid: the server's PaymentIntent, the card confirmed in the browser, then
 * the plan-upgrade call (the server asks Stripe) and a refresh of the user. Errors end as one message; a payment
 * Stripe has not settled yet closes the modal with the server's note.
 */
export function usePayForPlan(onPaid: () => void, onPending: () => void) {
  const intent = useCreatePaymentIntent()
  const confirm = useConfirmMembership()
  const [error, setError] = useState<string | null>(null)
  const [paying, setPaying] = useState(false)

  async function pay({ planId, billing, provider, field }: PayInput) {
    setError(null)
    setPaying(true)
    try {
      const started = await intent.mutateAsync({ planId, billing })
      const card = await provider.confirm(field, started.clientSecret, billing)
      if (!card.ok) {
        toast.error(card.message)
        setError(card.message)
        return
      }
      const result = await confirm.mutateAsync(started.paymentId)
      toast.success(result.message)
      onPaid()
    } catch (e) {
      // Paid, but Stripe has not settled it yet: the webhook applies the plan; paying again would not help.
      if (isApiError(e) && e.code === 'PAYMENT_PENDING') {
        toast.info(e.message)
        onPending()
        return
      }
      const message = errorMessage(e, PAYMENT_FAILED_MESSAGE)
      toast.error(message)
      setError(message)
    } finally {
      setPaying(false)
    }
  }
  return { pay, paying, error, setError }
}
