import type { Plan } from '@bookstrut/schemas'
import { billingText } from '@/lib/plan-texts'
import { bookLimitLabel, isMostPopular, priceLabel } from '../model/plan-choice'
import styles from './plan-card.module.css'

export interface PlanCardProps {
  plan: Plan
  selected: boolean
  greyed: boolean
  current: boolean
  name: string
  onSelect: (planId: string) => void
}

/** One plan as a radio choice; greyed out (and not selectable) below or at the plan in effect. */
export function PlanCard({ plan, selected, greyed, current, name, onSelect }: PlanCardProps) {
  const billing = billingText(plan)
  const classes = [styles['plan-card']]
  if (selected) classes.push(styles['plan-card--selected'])
  if (greyed) classes.push(styles['plan-card--greyed'])
  if (isMostPopular(plan)) classes.push(styles['plan-card--popular'])
  return (
    <label className={classes.join(' ')} aria-disabled={greyed || undefined}>
      <input
        type="radio"
        name={name}
        value={plan._id}
        checked={selected}
        disabled={greyed}
        onChange={() => onSelect(plan._id)}
        aria-label={plan.planName}
      />
      {isMostPopular(plan) && <span className={styles['plan-card__badge']}>Most Popular</span>}
      <span className={styles['plan-card__name']}>{plan.planName}</span>
      <span className={styles['plan-card__price']}>{priceLabel(plan)}</span>
      {billing && <span className={styles['plan-card__billing']}>{billing}</span>}
      <span className={styles['plan-card__limit']}>{bookLimitLabel(plan.bookLimit)}</span>
      {plan.description && <span className={styles['plan-card__text']}>{plan.description}</span>}
      {current && <span className={styles['plan-card__current']}>Current plan</span>}
    </label>
  )
}
