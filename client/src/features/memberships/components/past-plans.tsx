import type { MembershipRecord } from '@bookstrut/schemas'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { formatPlanDate, formatUsd } from '@/lib/plan-texts'
import shared from './memberships-shared.module.css'

/** The plans held before, newest first, with what was paid. */
export function PastPlans({ plans }: { plans: readonly MembershipRecord[] }) {
  return (
    <section className={shared['my-membership__card']} aria-labelledby="past-plans-title">
      <h2 id="past-plans-title">Past plans</h2>
      {plans.length === 0 ? (
        <p className="muted">No earlier plans yet. Plans you held before appear here.</p>
      ) : (
        <ScrollRegion className={shared['plan-compare__scroll']} label="Earlier plans, side by side">
          <table className="past-plans">
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Purchased</th>
                <th scope="col">Expired</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody>
              {plans.map((p) => (
                <tr key={p._id}>
                  <th scope="row">{p.planName}</th>
                  <td>{formatPlanDate(p.purchaseDate)}</td>
                  <td>{formatPlanDate(p.expiryDate)}</td>
                  <td>{p.amountPaid === null ? '—' : formatUsd(p.amountPaid)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  )
}
