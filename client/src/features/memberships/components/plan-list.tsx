import { useId } from 'react'
import { Link } from 'react-router-dom'
import type { Plan } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { isGreyedOut, upgradeButton, type Viewer } from '../model/plan-choice'
import { PlanCard } from './plan-card'
import styles from './plan-list.module.css'

export interface PlanListProps {
  plans: readonly Plan[]
  viewer: Viewer
  selectedId: string | undefined
  onSelect: (planId: string) => void
  onUpgrade: (plan: Plan) => void
  onLoginFirst: () => void
}

/** The plans as radio cards and the Upgrade button under them (spec section 4 "Upgrade flow"). */
export function PlanList({ plans, viewer, selectedId, onSelect, onUpgrade, onLoginFirst }: PlanListProps) {
  const name = useId()
  const selected = plans.find((p) => p._id === selectedId)
  const button = upgradeButton(selected, viewer)
  const select = (planId: string) => (viewer.kind === 'anonymous' ? onLoginFirst() : onSelect(planId))
  return (
    <div className="plan-list">
      <div className={styles['plan-list__grid']} role="radiogroup" aria-label="Plans">
        {plans.map((plan) => (
          <PlanCard
            key={plan._id}
            plan={plan}
            name={name}
            selected={plan._id === selectedId}
            greyed={isGreyedOut(plan, viewer)}
            current={viewer.kind === 'creator' && viewer.currentPlanId === plan._id}
            onSelect={select}
          />
        ))}
      </div>
      {button.show && (
        <div className={styles['plan-list__actions']}>
          <Button
            disabled={button.disabled}
            onClick={() => (button.action === 'signUp' ? onLoginFirst() : selected && onUpgrade(selected))}
          >
            {button.label}
          </Button>
          {viewer.kind === 'creator' && !viewer.canUpgrade && (
            <p className={styles['plan-list__hint']}>
              Your plan still has room for more titles. To move to a bigger plan now, go to{' '}
              <Link to={paths.profileMembership}>My Membership</Link>.
            </p>
          )}
        </div>
      )}
    </div>
  )
}

/** The list's loading and error states (spec section 8: the server's message, else "Failed to fetch memberships"). */
export function PlanListStatus({ loading, error }: { loading: boolean; error: string | null }) {
  if (loading) return <Spinner label="Loading plans…" />
  if (error)
    return (
      <p role="alert" className={styles['plan-list__error']}>
        {error}
      </p>
    )
  return null
}
