import { useId } from 'react'
import type { Insights } from '@bookstrut/schemas'
import { COUNT_FIELDS, formatCount, ideaHits } from '../model/counts'
import { LockedValue } from './locked-value'
import shared from './analytics-shared.module.css'
import styles from './counts-grid.module.css'

function Figure({ value, hours = false }: { value: number | null; hours?: boolean }) {
  return value === null ? <LockedValue /> : <>{formatCount(value, hours)}</>
}

/** The all-time counts of the spec, each with what it counts. */
export function CountsGrid({ insights }: { insights: Insights }) {
  return (
    <dl className={styles['analytics-counts']}>
      {COUNT_FIELDS.map((field) => (
        <div key={field.key} className={styles['analytics-count']} title={field.hint}>
          <dt>{field.label}</dt>
          <dd>
            <Figure value={insights[field.key]} hours={'hours' in field && field.hours} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** "Idea Hits": how many idea searches matched each of the book's own ideas. */
export function IdeaHits({ ideaScore }: { ideaScore: Insights['ideaScore'] }) {
  const headingId = useId()
  const hits = ideaHits(ideaScore)
  return (
    <section className={shared['analytics-block']} aria-labelledby={headingId}>
      <h4 id={headingId} className={shared['analytics-block__title']}>
        Idea Hits
      </h4>
      <p className={`${styles['analytics-block__note']} muted`}>
        Idea searches that matched each of your ideas closely.
      </p>
      {hits.length === 0 ? (
        <p className="muted">No ideas on this listing yet.</p>
      ) : (
        <dl className={styles['idea-hits']}>
          {hits.map((hit) => (
            <div key={hit.key} className={styles['idea-hit']}>
              <dt>{hit.label}</dt>
              <dd>
                <Figure value={hit.value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
