import { useId } from 'react'
import type { SeriesFigures } from '@bookstrut/schemas'
import { formatCount } from '../model/counts'
import { funnelNote, funnelSteps, rateLine } from '../model/funnel'
import { LockedValue } from './locked-value'
import shared from './analytics-shared.module.css'
import styles from './funnel-chart.module.css'
import { stackListClass } from '@/components/ui/stack-list'

const placeholderSteps = funnelSteps({ impressions: 0, plays: 0, purchaseClicks: 0 })

/**
 * Impression → play → Get This click over the period: each step's count, a bar, and its rate of the step before.
 * `totals` is null on a free plan: the steps show, their figures do not.
 */
export function FunnelChart({ totals, periodLabel }: { totals: SeriesFigures | null; periodLabel: string }) {
  const headingId = useId()
  const steps = totals ? funnelSteps(totals) : placeholderSteps
  const note = totals ? funnelNote(totals) : null
  return (
    <section className={shared['analytics-block']} aria-labelledby={headingId}>
      <h4 id={headingId} className={shared['analytics-block__title']}>
        Funnel <span className="muted">· {periodLabel}</span>
      </h4>
      <ol className={`${stackListClass} ${styles.funnel}`}>
        {steps.map((step, i) => (
          <li key={step.key}>
            <div className={styles.funnel__head}>
              <span className={styles.funnel__label}>{step.label}</span>
              <span className={styles.funnel__count}>
                {totals ? formatCount(step.count) : <LockedValue />}
              </span>
            </div>
            <div className={styles.funnel__track} aria-hidden="true">
              <div
                className={styles.funnel__bar}
                data-testid="funnel-bar"
                style={{ width: `${totals ? step.width : 0}%` }}
              />
            </div>
            {i > 0 && (
              <p className={`${styles.funnel__rate} muted`}>
                {totals ? (
                  rateLine(step)
                ) : (
                  <>
                    <LockedValue /> of {step.before}
                  </>
                )}
              </p>
            )}
          </li>
        ))}
      </ol>
      {note && <p className="muted">{note}</p>}
    </section>
  )
}
