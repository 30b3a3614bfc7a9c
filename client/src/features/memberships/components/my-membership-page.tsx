import { PageSpinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useMembershipsByUser } from '../api/get-memberships-by-user'
import { usePlans } from '../api/get-plans'
import { creatorViewer } from '../model/plan-choice'
import { BillingDetails } from './billing-details'
import { CurrentPlan } from './current-plan'
import { PastPlans } from './past-plans'
import { UpgradeChooser } from './upgrade-chooser'
import shared from './memberships-shared.module.css'
import styles from './my-membership-page.module.css'

/** /profile-membership: current plan, the upgrade chooser (reading (b)), past plans and billing details. */
export function MyMembershipPage({
  userId,
  email,
  supportEmail,
}: {
  userId: string
  email: string
  supportEmail: string | undefined
}) {
  useDocumentTitle('My Membership')
  const memberships = useMembershipsByUser(userId)
  const plans = usePlans()
  if (memberships.isPending || plans.isPending) return <PageSpinner label="Loading your membership…" />
  if (memberships.isError || plans.isError)
    return (
      <p role="alert" className={shared['form-error']}>
        {errorMessage(memberships.error ?? plans.error)}
      </p>
    )
  const viewer = creatorViewer(memberships.data, new Date(), plans.data)
  return (
    <div className={styles['my-membership']}>
      <h1>My Membership</h1>
      <CurrentPlan memberships={memberships.data} />
      {viewer.kind === 'creator' && viewer.canUpgrade && (
        <section className={shared['my-membership__card']} aria-labelledby="upgrade-title">
          <h2 id="upgrade-title">Upgrade your plan</h2>
          <UpgradeChooser
            plans={plans.data}
            viewer={viewer}
            email={email}
            supportEmail={supportEmail}
            onLoginFirst={() => {}}
          />
        </section>
      )}
      <PastPlans plans={memberships.data.pastPlans} />
      <BillingDetails billing={memberships.data.billingDetails} />
    </div>
  )
}
