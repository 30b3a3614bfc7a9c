import { useState } from 'react'
import type { Plan } from '@bookstrut/schemas'
import { useCardProviderLoader } from '../card/card-provider'
import { useStripeCardLoader } from '../card/stripe-js-card'
import { useLazyCardProvider } from '../hooks/use-lazy-card-provider'
import { defaultSelection, type Viewer } from '../model/plan-choice'
import { PaymentModal } from './payment-modal'
import { PlanList } from './plan-list'
import { SuccessModal } from './success-modal'

export interface UpgradeChooserProps {
  plans: readonly Plan[]
  viewer: Viewer
  email: string
  /** the support address from settings (offered when card payments are not configured) */
  supportEmail: string | undefined
  onLoginFirst: () => void
}

/** The upgrade flow: choose a plan, the payment modal, then "Payment Successful!" (spec section 4). */
export function UpgradeChooser({ plans, viewer, email, supportEmail, onLoginFirst }: UpgradeChooserProps) {
  const card = useLazyCardProvider(useCardProviderLoader(useStripeCardLoader()))
  const [selectedId, setSelectedId] = useState<string>()
  const [paying, setPaying] = useState<Plan | null>(null)
  const [paidPlan, setPaidPlan] = useState<string | null>(null)
  return (
    <>
      <PlanList
        plans={plans}
        viewer={viewer}
        selectedId={selectedId ?? defaultSelection(plans, viewer)}
        onSelect={setSelectedId}
        onUpgrade={setPaying}
        onLoginFirst={onLoginFirst}
      />
      {paying && (
        <PaymentModal
          plan={paying}
          email={email}
          card={card}
          supportEmail={supportEmail}
          onClose={() => setPaying(null)}
          onPaid={(plan) => {
            setPaying(null)
            setSelectedId(undefined)
            setPaidPlan(plan.planName)
          }}
        />
      )}
      <SuccessModal planName={paidPlan} onClose={() => setPaidPlan(null)} />
    </>
  )
}
