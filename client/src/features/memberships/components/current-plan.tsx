import type { MembershipsByUser } from '@bookstrut/schemas'
import { bookLimitLabel, formatPlanDate, priceLabel } from '../model/plan-choice'

/** The plan bought and the plan in effect: limits, books listed, dates and the expired state. */
export function CurrentPlan({ memberships }: { memberships: MembershipsByUser }) {
  const { current, effective, booksListed, state } = memberships
  return (
    <section className="my-membership__card" aria-labelledby="current-plan-title">
      <h2 id="current-plan-title">Current plan</h2>
      {state.expired && current && (
        <p role="alert" className="form-error">
          Your {current.planName} plan expired on {formatPlanDate(current.expiryDate)}. Your listings stay;
          new ones follow the free plan&apos;s limit until you upgrade.
        </p>
      )}
      <dl>
        <dt>Plan</dt>
        <dd data-testid="current-plan-name">{current?.planName ?? effective.planName}</dd>
        <dt>Price</dt>
        <dd>{priceLabel({ price: current?.price ?? effective.price, duration: current ? 12 : -1 })}</dd>
        <dt>Book limit</dt>
        <dd>{bookLimitLabel(effective.bookLimit)}</dd>
        <dt>Books listed</dt>
        <dd>{booksListed}</dd>
        <dt>Purchased</dt>
        <dd>{current ? formatPlanDate(current.purchaseDate) : '—'}</dd>
        <dt>Expires</dt>
        <dd data-testid="current-plan-expiry">{formatPlanDate(current?.expiryDate)}</dd>
      </dl>
    </section>
  )
}
