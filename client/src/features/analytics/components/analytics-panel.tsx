import { useState } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage, isApiError } from '@/lib/api-client'
import { ANALYTICS_ERROR } from '../api/analytics-request'
import { useInsights } from '../api/get-insights'
import { useInsightsSeries } from '../api/get-insights-series'
import { DEFAULT_PERIOD, type Period } from '../model/periods'
import { CountsGrid, IdeaHits } from './counts-grid'
import { FoundItIdeas } from './found-it-ideas'
import { LiveIndicator } from './live-indicator'
import { SeriesSection } from './series-section'
import { UpgradeHint } from './upgrade-hint'
import styles from './analytics-panel.module.css'
import shared from './analytics-shared.module.css'
import { buttonClass } from '@/components/ui/button'

/** Spec: the analytics empty state. */
export const ANALYTICS_EMPTY = 'Analytics not available'

/**
 * A book's analytics in My Listings: all-time counts and Idea Hits, the period series with their change, the
 * funnel, CSV export. Mounted only while open; its queries poll while mounted and stay cached per book, so
 * opening it again shows the last figures at once.
 */
export function AnalyticsPanel({ bookId, title }: { bookId: string; title: string }) {
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD)
  const insights = useInsights(bookId)
  const series = useInsightsSeries(bookId, period)

  if (insights.isPending) {
    return (
      <div className={`${styles.analytics} ${styles['analytics--state']}`}>
        <Spinner label="Loading analytics" />
        <span className="muted">Loading analytics…</span>
      </div>
    )
  }
  if (insights.isError && !insights.data) {
    // A book that is gone (or not found) has no analytics to show; anything else may pass: offer a retry.
    if (isApiError(insights.error) && insights.error.status === 404) {
      return <p className={`${styles.analytics} ${styles['analytics--state']} muted`}>{ANALYTICS_EMPTY}</p>
    }
    return (
      <div
        className={`${styles.analytics} ${styles['analytics--state']} ${shared.analytics__error}`}
        role="alert"
      >
        <p>{errorMessage(insights.error, ANALYTICS_ERROR)}</p>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          onClick={() => void insights.refetch()}
        >
          Try again
        </button>
      </div>
    )
  }

  const data = insights.data
  return (
    <div className={styles.analytics}>
      <div className={styles.analytics__head}>
        <h3 className={styles.analytics__title}>Analytics</h3>
        {/* A free plan's figures are hidden: nothing there updates live. */}
        {!data.planLocked && <LiveIndicator updatedAt={data.updatedAt} stale={insights.isError} />}
      </div>
      {data.planLocked && <UpgradeHint />}
      <CountsGrid insights={data} />
      <IdeaHits ideaScore={data.ideaScore} />
      {data.foundIt && <FoundItIdeas foundIt={data.foundIt} />}
      <SeriesSection
        series={series.data}
        error={series.error}
        loading={series.isFetching && series.isPlaceholderData}
        period={period}
        onPeriodChange={setPeriod}
        title={title}
        onRetry={() => void series.refetch()}
      />
    </div>
  )
}
