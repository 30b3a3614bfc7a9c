import type { MembershipsByUser } from '@bookstrut/schemas'
import { allowanceText, expiredText, formatPlanDate, heldPriceText } from '@/lib/plan-texts'
import { standingOfMemberships } from '../model/plan-choice'
import shared from './memberships-shared.module.css'

/** The plan bought and the plan in effect: limits, books listed, dates and the expired state. */
export function CurrentPlan({ memberships }: { memberships: MembershipsByUser }) {
  const { current, effective, booksListed } = memberships
  const standing = standingOfMemberships(memberships, new Date())
  return (
    <section className={shared['my-membership__card']} aria-labelledby="current-plan-title">
      <h2 id="current-plan-title">Current plan</h2>
      {standing.kind === 'expired' && (
        <p role="alert" className={shared['form-error']}>
          {expiredText(standing)}
        </p>
      )}
      <dl>
        <dt>Plan</dt>
        <dd data-testid="current-plan-name">{current?.planName ?? effective.planName}</dd>
        <dt>Price</dt>
        <dd data-testid="current-plan-price">{heldPriceText(standing)}</dd>
        <dt>Book limit</dt>
        <dd data-testid="current-plan-limit">{allowanceText(standing)}</dd>
        <dt>Books listed</dt>
        <dd>{booksListed}</dd>
        <dt>Purchased</dt>
        <dd>{current ? formatPlanDate(current.purchaseDate) : '—'}</dd>
        <dt>Expires</dt>
        <dd data-testid="current-plan-expiry">{formatPlanDate(current?.expiryDate)}</dd>
        {current?.grant && (
          <>
            <dt>
              {current.grant.kind === 'complimentary' ? 'Granted by BookStrut' : 'Extended by BookStrut'}
            </dt>
            <dd data-testid="current-plan-grant">{current.grant.reason}</dd>
          </>
        )}
      </dl>
    </section>
  )
}
