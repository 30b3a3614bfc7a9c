import type { BillingDetails as Billing } from '@bookstrut/schemas'
import shared from './memberships-shared.module.css'

/** The billing details of the last payment. */
export function BillingDetails({ billing }: { billing: Billing | null }) {
  return (
    <section className={shared['my-membership__card']} aria-labelledby="billing-title">
      <h2 id="billing-title">Billing details</h2>
      {billing ? (
        <dl>
          <dt>Name</dt>
          <dd>{billing.name}</dd>
          <dt>Email</dt>
          <dd>{billing.email}</dd>
          <dt>Address</dt>
          <dd>
            {[
              billing.address_line1,
              billing.address_city,
              billing.address_state,
              billing.address_zip,
              billing.country,
            ]
              .filter(Boolean)
              .join(', ')}
          </dd>
        </dl>
      ) : (
        <p>No payment yet.</p>
      )}
    </section>
  )
}
