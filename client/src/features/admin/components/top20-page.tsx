import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDecideHeld, useHeldBooks, useTop20Standing, type HeldBookRow } from '../api/admin-top20'
import { AdminHead, formatTime } from './admin-layout'
import { BookCell, ListTable } from './admin-table'
import { ConfirmWrite } from './confirm-write'
import styles from './admin.module.css'

const REASONS: Record<HeldBookRow['reason'], string> = {
  anonymous_majority: 'Most of its score came from visitors who are not signed in',
  address_burst: 'A burst of events from few addresses',
}

function HeldBooks() {
  const held = useHeldBooks()
  const decide = useDecideHeld()
  const [asking, setAsking] = useState<{ book: HeldBookRow; decision: 'release' | 'keep' } | null>(null)
  return (
    <section className={styles.section}>
      <h2>Discounted by the anomaly guard</h2>
      <p className={styles.details}>
        The visitors&apos; share of these titles&apos; scores is taken away: each ranks on countedScore, what
        its signed-in readers earn it. Release ranks it on its whole score for 7 days.
      </p>
      <ListTable
        query={held}
        rows={held.data ?? []}
        loadingLabel="Loading held titles"
        failedMessage="Failed to fetch held titles"
        empty="The guard discounts no title."
        columns={[
          'Title',
          'Reason',
          { label: 'Score', numeric: true },
          { label: 'Readers', numeric: true },
          'Held',
          'Decision',
        ]}
        row={(h) => (
          <tr key={h.bookId}>
            <BookCell id={h.bookId} title={h.title} />
            <td>
              {REASONS[h.reason]}
              <p className={styles.details}>
                {Object.entries(h.details)
                  .map(([k, v]) => `${k} ${v}`)
                  .join(' · ')}
              </p>
            </td>
            <td className={styles.num}>{h.score}</td>
            <td className={styles.num}>{h.readers}</td>
            <td>{formatTime(h.heldAt)}</td>
            <td>
              <div className={styles.actions}>
                {h.decision === 'release' ? (
                  <span className={`${styles.tag} ${styles.tagGood}`}>
                    Released until {formatTime(h.decidedUntil ?? h.heldAt)}
                  </span>
                ) : (
                  <Button size="sm" onClick={() => setAsking({ book: h, decision: 'release' })}>
                    Release
                  </Button>
                )}
                {h.decision === 'keep' ? (
                  <span className={styles.tag}>Kept</span>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setAsking({ book: h, decision: 'keep' })}
                  >
                    Keep held
                  </Button>
                )}
              </div>
            </td>
          </tr>
        )}
      />
      {asking && (
        <ConfirmWrite
          title={`${asking.decision === 'release' ? 'Release' : 'Keep'} “${asking.book.title}”?`}
          confirmLabel={asking.decision === 'release' ? 'Release' : 'Keep held'}
          write={decide}
          input={{ bookId: asking.book.bookId, decision: asking.decision }}
          done={asking.decision === 'release' ? 'Title released' : 'Title kept held'}
          onClose={() => setAsking(null)}
        >
          {asking.decision === 'release'
            ? 'The next rankings count it on its engagement for 7 days, despite the guard.'
            : 'It stays out of the Top 20 while the guard holds it.'}
        </ConfirmWrite>
      )}
    </section>
  )
}

/** /admin/top20: the current ranking with engagement and days in the Top 20, and the held books. */
export function Top20Page() {
  useDocumentTitle('Top 20 · Admin')
  const standing = useTop20Standing()
  return (
    <>
      <AdminHead
        title="Top 20"
        lead={
          standing.data?.computedAt
            ? `The ranking of ${formatTime(standing.data.computedAt)}: counted engagement over the last 7 days.`
            : 'The ranking by counted engagement over the last 7 days.'
        }
      />
      <ListTable
        query={standing}
        rows={standing.data?.entries ?? []}
        loadingLabel="Loading the Top 20"
        failedMessage="Failed to fetch the Top 20"
        empty="No ranking yet: the home page shows the newest titles."
        columns={[
          { label: '#', numeric: true },
          'Title',
          { label: 'Engagement', numeric: true },
          { label: 'Readers', numeric: true },
          { label: 'Days in Top 20', numeric: true },
          { label: 'Page views 7 d', numeric: true },
          { label: 'Page views 30 d', numeric: true },
        ]}
        row={(e) => (
          <tr key={e.bookId}>
            <td className={styles.num}>{e.position}</td>
            <BookCell id={e.bookId} title={e.title} />
            <td className={styles.num}>{e.score}</td>
            <td className={styles.num}>{e.readers}</td>
            <td className={styles.num}>{e.daysInTop20}</td>
            {/* "–" while the analytics store does not answer */}
            <td className={styles.num}>{e.views7d ?? '–'}</td>
            <td className={styles.num}>{e.views30d ?? '–'}</td>
          </tr>
        )}
      />
      <HeldBooks />
    </>
  )
}
