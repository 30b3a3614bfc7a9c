import type { UseQueryResult } from '@tanstack/react-query'
import { LIFETIME, type UpgradeQuote } from '@bookstrut/schemas'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { billingText, formatPlanDate, formatUsd } from '@/lib/plan-texts'
import styles from './quote-summary.module.css'
import shared from './memberships-shared.module.css'

/** How the charge is made up: 12 months of the monthly price, or one payment for a lifetime plan. */
const chargeText = (q: UpgradeQuote) =>
  q.expiryDate === '-1'
    ? billingText({ price: q.monthlyPrice, duration: LIFETIME })
    : `12 months × ${formatUsd(q.monthlyPrice)} a month, billed yearly`

/** The server's quote, shown before paying: charge, credit for the current plan, the amount and the new expiry. */
export function QuoteSummary({ quote }: { quote: UseQueryResult<UpgradeQuote> }) {
  if (quote.isPending) return <Spinner size="sm" label="Computing your price…" />
  if (quote.isError)
    return (
      <p role="alert" className={shared['form-error']}>
        {errorMessage(quote.error)}
      </p>
    )
  const q = quote.data
  return (
    <dl className={styles.quote}>
      <dt>
        {q.planName}
        <span className={styles['quote__billing']}>{chargeText(q)}</span>
      </dt>
      <dd>{formatUsd(q.charge)}</dd>
      {q.credit > 0 && (
        <>
          <dt>Credit for your current plan ({q.remainingMonths} months unused)</dt>
          <dd>−{formatUsd(q.credit)}</dd>
        </>
      )}
      <dt className={styles.quote__total}>Total due today</dt>
      <dd className={styles.quote__total} data-testid="quote-amount">
        {formatUsd(q.amount)}
      </dd>
      <dt>Your plan runs until</dt>
      <dd>{q.expiryDate === '-1' ? 'Lifetime' : formatPlanDate(q.expiryDate)}</dd>
    </dl>
  )
}
