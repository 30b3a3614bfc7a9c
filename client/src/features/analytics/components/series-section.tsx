import { useId } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import type { SeriesView } from '../api/get-insights-series'
import { ANALYTICS_ERROR } from '../api/analytics-request'
import { formatCount } from '../model/counts'
import { periodLabels, type Period } from '../model/periods'
import { CHART_SERIES } from '../model/series'
import { ChangeBadge } from './change-badge'
import { CsvExportButton } from './csv-export-button'
import { FunnelChart } from './funnel-chart'
import { LockedValue } from './locked-value'
import { PeriodSelector } from './period-selector'
import { SeriesChart } from './series-chart'
import shared from './analytics-shared.module.css'
import chart from './series-chart.module.css'
import styles from './series-section.module.css'
import { buttonClass } from '@/components/ui/button'

/**
 * The period part of the panel: the selector, one card per series (its total, the change against the period
 * before, its chart), the funnel, and the CSV export of what is shown.
 */
export function SeriesSection({
  series,
  error,
  loading,
  period,
  onPeriodChange,
  title,
  onRetry,
}: {
  series: SeriesView | undefined
  error: unknown
  loading: boolean
  period: Period
  onPeriodChange: (period: Period) => void
  title: string
  onRetry: () => void
}) {
  const headingId = useId()
  const labels = periodLabels[period]
  const shown = series?.period === period ? series : undefined
  const locked = series?.planLocked ?? false
  return (
    <section
      className={shared['analytics-block']}
      aria-labelledby={headingId}
      aria-busy={loading || undefined}
    >
      <div className={styles['analytics-block__head']}>
        <h4 id={headingId} className={shared['analytics-block__title']}>
          Over {labels.long}
        </h4>
        <div className={styles['analytics-block__tools']}>
          <PeriodSelector value={period} onChange={onPeriodChange} />
          <CsvExportButton
            points={shown?.points ?? []}
            title={title}
            period={period}
            disabled={!shown || locked}
          />
        </div>
      </div>
      {!series ? (
        error ? (
          <SeriesError error={error} onRetry={onRetry} />
        ) : (
          <div className={styles.analytics__loading}>
            <Spinner label="Loading the time series" />
          </div>
        )
      ) : (
        <>
          {error !== null && <SeriesError error={error} onRetry={onRetry} />}
          <div className={styles['series-cards']}>
            {CHART_SERIES.map((s) => {
              const hours = 'hours' in s && s.hours
              return (
                <figure
                  key={s.key}
                  className={styles['series-card']}
                  aria-label={`${s.label} over ${labels.long}`}
                >
                  <figcaption className={styles['series-card__head']}>
                    <span className={styles['series-card__label']}>
                      <span
                        className={styles['series-card__swatch']}
                        style={{ background: s.color }}
                        aria-hidden="true"
                      />
                      {s.label}
                    </span>
                    <span className={styles['series-card__total']} data-testid="series-total">
                      {series.totals ? formatCount(series.totals[s.key], hours) : <LockedValue />}
                    </span>
                    {series.totals && series.previous && (
                      <ChangeBadge
                        current={series.totals[s.key]}
                        previous={series.previous[s.key]}
                        against={periodLabels[series.period].previous}
                      />
                    )}
                  </figcaption>
                  {locked ? (
                    <div
                      className={`${chart['series-chart']} ${styles['series-chart--locked']}`}
                      aria-hidden="true"
                    />
                  ) : (
                    <SeriesChart
                      points={series.chart}
                      bucket={series.bucket}
                      dataKey={s.key}
                      label={s.label}
                      color={s.color}
                      hours={hours}
                    />
                  )}
                </figure>
              )
            })}
          </div>
          <FunnelChart totals={series.totals} periodLabel={periodLabels[series.period].long} />
        </>
      )}
    </section>
  )
}

function SeriesError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className={shared.analytics__error} role="alert">
      <p>{errorMessage(error, ANALYTICS_ERROR)}</p>
      <button type="button" className={buttonClass({ variant: 'secondary', size: 'sm' })} onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
