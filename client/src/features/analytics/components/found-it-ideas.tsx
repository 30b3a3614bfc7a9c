import { useId } from 'react'
import type { FoundItInsights } from '@bookstrut/schemas'
import { formatCount } from '../model/counts'
import { LockedValue } from './locked-value'
import shared from './analytics-shared.module.css'
import styles from './counts-grid.module.css'

const plural = (n: number, word: string) => `${formatCount(n, false)} ${word}${n === 1 ? '' : 's'}`

/**
 * "Readers found your book with these ideas" (issue 34): the ideas readers agreed on when they said "This is the
 * book I meant", with how many readers, and the confirmations in all. Ideas few readers share are not shown (they
 * would be one reader's words): the server sends only agreed ones.
 */
export function FoundItIdeas({ foundIt }: { foundIt: FoundItInsights }) {
  const headingId = useId()
  const { confirmations, readers, ideas } = foundIt
  return (
    <section className={shared['analytics-block']} aria-labelledby={headingId}>
      <h4 id={headingId} className={shared['analytics-block__title']}>
        Readers found your book with these ideas
      </h4>
      <p className={`${styles['analytics-block__note']} muted`}>
        {readers === null || confirmations === null ? (
          <LockedValue />
        ) : (
          <>
            {plural(readers, 'reader')} said “This is the book I meant” ({plural(confirmations, 'idea')}{' '}
            confirmed). An idea is listed once at least three readers agree on it.
          </>
        )}
      </p>
      {ideas === null ? null : ideas.length === 0 ? (
        <p className="muted">No idea agreed on yet.</p>
      ) : (
        <dl className={styles['idea-hits']}>
          {ideas.map((idea) => (
            <div key={idea.idea} className={styles['idea-hit']}>
              <dt>{idea.idea}</dt>
              <dd aria-label={plural(idea.readers, 'reader')}>{formatCount(idea.readers, false)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
