import { Link } from 'react-router-dom'
import { ScrollRegion } from '@/components/ui/scroll-region'
import type { Plan } from '@bookstrut/schemas'
import { paths } from '@/config/paths'
import { billingText } from '@/lib/plan-texts'
import { bookLimitLabel, isMostPopular, priceLabel } from '../model/plan-choice'
import styles from './comparison-table.module.css'
import shared from './memberships-shared.module.css'
import { chipClass } from '@/components/ui/chip'

/** Plans side by side: price, book limit, analytics (off on the free plan only), permanent listing on all. */
export function ComparisonTable({ plans }: { plans: readonly Plan[] }) {
  if (plans.length === 0) return null
  return (
    <section className={styles['plan-compare']} aria-labelledby="plan-compare-title">
      <h2 id="plan-compare-title">Compare the plans</h2>
      <ScrollRegion className={shared['plan-compare__scroll']} label="Plans side by side">
        <table>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Price</th>
              <th scope="col">Book limit</th>
              <th scope="col">Analytics</th>
              <th scope="col">Permanent listing</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr
                key={plan._id}
                className={isMostPopular(plan) ? styles['plan-compare__popular'] : undefined}
              >
                <th scope="row">
                  {plan.planName}
                  {isMostPopular(plan) && (
                    <span className={`${chipClass} ${styles['plan-compare__chip']}`}>Most Popular</span>
                  )}
                </th>
                <td>
                  {priceLabel(plan)}
                  {billingText(plan) && (
                    <span className={styles['plan-compare__billing']}>{billingText(plan)}</span>
                  )}
                </td>
                <td>{bookLimitLabel(plan.bookLimit)}</td>
                <td>{plan.price === 0 ? 'No' : 'Yes'}</td>
                <td>Yes</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className={styles['plan-compare__note']}>
        More books than Elite Strut lists? Ask us about an Infinite Strut plan for a large catalogue:{' '}
        <Link to={paths.contact}>contact us</Link>.
      </p>
    </section>
  )
}
