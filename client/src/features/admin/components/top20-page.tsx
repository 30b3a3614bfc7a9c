import { useState } from 'react'
import { Link } from 'react-router-dom'
import { toast } from 'sonner'
import type { HeldTitleDecision } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ListStates } from '@/components/ui/list-states'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDecideHeld, useHeldTitles, useTop20Standing } from '../api/admin-top20'
import { AdminHead, formatTime } from './admin-layout'
import styles from './admin.module.css'

const REASONS: Record<HeldTitleDecision['reason'], string> = {
  anonymous_majority: 'Most of its score came from visitors who are not signed in',
  address_burst: 'A burst of events from few addresses',
}

function HeldTitles() {
  const held = useHeldTitles()
  const decide = useDecideHeld()
  const [asking, setAsking] = useState<{ title: HeldTitleDecision; decision: 'release' | 'keep' } | null>(
    null,
  )
  return (
    <section className={styles.section}>
      <h2>Held out by the anomaly guard</h2>
      <ListStates
        query={held}
        rows={held.data ?? []}
        loadingLabel="Loading held titles"
        failedMessage="Failed to fetch held titles"
        empty={<p>The guard holds no title.</p>}
      >
        {(rows) => (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>Title</th>
                  <th>Reason</th>
                  <th className={styles.num}>Score</th>
                  <th className={styles.num}>Readers</th>
                  <th>Held</th>
                  <th>Decision</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((h) => (
                  <tr key={h.podcastId}>
                    <td>
                      <Link to={paths.singleBook(h.podcastId)}>{h.title}</Link>
                    </td>
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
                          <Button size="sm" onClick={() => setAsking({ title: h, decision: 'release' })}>
                            Release
                          </Button>
                        )}
                        {h.decision === 'keep' ? (
                          <span className={styles.tag}>Kept</span>
                        ) : (
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setAsking({ title: h, decision: 'keep' })}
                          >
                            Keep held
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
      {asking && (
        <ConfirmDialog
          title={`${asking.decision === 'release' ? 'Release' : 'Keep'} “${asking.title.title}”?`}
          confirmLabel={asking.decision === 'release' ? 'Release' : 'Keep held'}
          busy={decide.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            decide.mutate(
              { podcastId: asking.title.podcastId, decision: asking.decision },
              {
                onSuccess: () => {
                  toast.success(asking.decision === 'release' ? 'Title released' : 'Title kept held')
                  setAsking(null)
                },
                onError: (err) => toast.error(errorMessage(err)),
              },
            )
          }
        >
          {asking.decision === 'release'
            ? 'The next rankings count it on its engagement for 7 days, despite the guard.'
            : 'It stays out of the Top 20 while the guard holds it.'}
        </ConfirmDialog>
      )}
    </section>
  )
}

/** /admin/top20: the current ranking with engagement and days in the Top 20, and the held titles. */
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
      <ListStates
        query={standing}
        rows={standing.data?.entries ?? []}
        loadingLabel="Loading the Top 20"
        failedMessage="Failed to fetch the Top 20"
        empty={<p>No ranking yet: the home page shows the newest titles.</p>}
      >
        {(rows) => (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th className={styles.num}>#</th>
                  <th>Title</th>
                  <th className={styles.num}>Engagement</th>
                  <th className={styles.num}>Readers</th>
                  <th className={styles.num}>Days in Top 20</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => (
                  <tr key={e.podcastId}>
                    <td className={styles.num}>{e.position}</td>
                    <td>
                      <Link to={paths.singleBook(e.podcastId)}>{e.title}</Link>
                    </td>
                    <td className={styles.num}>{e.score}</td>
                    <td className={styles.num}>{e.readers}</td>
                    <td className={styles.num}>{e.daysInTop20}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
      <HeldTitles />
    </>
  )
}
