import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { errorMessage, isApiError } from '@/lib/api-client'
import { YEARLY_BILLING_NOTE } from '@/lib/plan-texts'
import { usePageMeta } from '@/lib/use-page-meta'
import { usePlans } from '../api/get-plans'
import { useViewer } from '../hooks/use-viewer'
import { ComparisonTable } from './comparison-table'
import { HowToChoose } from './how-to-choose'
import { PlanListStatus } from './plan-list'
import { UpgradeChooser } from './upgrade-chooser'
import styles from './membership-page.module.css'
import { containerClass } from '@/components/ui/container'
import { pageHead } from '@/components/ui/page-head'

export const FETCH_PLANS_FAILED = 'Failed to fetch memberships'

/** Spec section 8: the server's message, else "Failed to fetch memberships" (also when it cannot be reached). */
const plansErrorMessage = (error: unknown) =>
  isApiError(error) && error.status > 0 && error.message ? error.message : FETCH_PLANS_FAILED

/** /membership: breadcrumb, banner, plan list, payment, how-to-choose steps and the comparison table. */
export function MembershipPage({
  email,
  supportEmail,
  onLoginFirst,
}: {
  email: string
  supportEmail: string | undefined
  onLoginFirst: () => void
}) {
  usePageMeta({
    title: 'Membership',
    description:
      'BookStrut membership plans for authors and publishers: list your books with podblurbs, reach readers by ' +
      'the ideas in your books, and watch how each title does.',
    canonicalPath: '/membership',
  })
  const plans = usePlans()
  const { viewer, error: viewerError } = useViewer()

  return (
    <div className="membership-page">
      <section className={styles['membership-page__top']}>
        <div className={containerClass()}>
          <nav className={pageHead.breadcrumb} aria-label="Breadcrumb">
            <Link to={paths.home}>Home</Link>
            <span aria-hidden="true">›</span>
            <span aria-current="page">Membership</span>
          </nav>
          <h1 className={styles['membership-page__banner']}>
            Choose Your Plan &amp; Strut Your Titles to the World!
          </h1>
          <p className={styles['membership-page__billing']}>{YEARLY_BILLING_NOTE}</p>
        </div>
      </section>
      <div className={containerClass(styles['membership-page__body'])}>
        <PlanListStatus
          loading={plans.isPending || (plans.isSuccess && !viewer && !viewerError)}
          error={
            plans.isError ? plansErrorMessage(plans.error) : viewerError ? errorMessage(viewerError) : null
          }
        />
        {plans.data && viewer && (
          <UpgradeChooser
            plans={plans.data}
            viewer={viewer}
            email={email}
            supportEmail={supportEmail}
            onLoginFirst={onLoginFirst}
          />
        )}
        <HowToChoose />
        <ComparisonTable plans={plans.data ?? []} />
      </div>
    </div>
  )
}
