import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { ReadersWordsDecisionBody, ReadersWordsQuery } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/field'
import { paths } from '@/config/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDecideReadersWords, useReadersWords, type ReadersWordsRow } from '../api/admin-readers-words'
import { useListFilters } from '../hooks/use-list-filters'
import { AdminHead, AdminPager, formatTime } from './admin-layout'
import { ListTable } from './admin-table'
import { ConfirmWrite } from './confirm-write'
import styles from './admin.module.css'

const PAGE_SIZE = 20
const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'withdrawn', label: 'Withdrawn' },
  { value: '', label: 'All' },
]
const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  { value: 'topic', label: 'Topics' },
  { value: 'found_idea', label: 'Found it' },
]
const KINDS: Record<ReadersWordsRow['kind'], string> = { topic: 'Topic', found_idea: 'Found it' }
type Decision = ReadersWordsDecisionBody['decision']

/** What each decision does, said in the dialog before it is sent. */
const EFFECTS: Record<ReadersWordsRow['kind'], Record<Decision, string>> = {
  topic: {
    approve: 'Its topic page goes public at once, in the sitemap and on the home page.',
    reject: 'It stays off the site for good: the topics job never queues it again.',
    withdraw: 'Its page answers 404 and leaves the sitemap and the home page at once.',
  },
  found_idea: {
    approve: 'It becomes a passage of the book: the book ranks for it once embedded again.',
    reject: 'It never becomes a passage of the book, however many more readers confirm it.',
    withdraw: 'It leaves the book’s passages: the book is embedded again without it.',
  },
}
const LABELS: Record<Decision, string> = { approve: 'Approve', reject: 'Reject', withdraw: 'Withdraw' }
const DONE: Record<Decision, string> = { approve: 'Approved', reject: 'Rejected', withdraw: 'Withdrawn' }

function StatusTag({ status }: { status: ReadersWordsRow['status'] }) {
  const tone = status === 'approved' ? styles.tagGood : status === 'pending' ? '' : styles.tagDanger
  return <span className={`${styles.tag} ${tone}`}>{status}</span>
}

/** The books a topic would list (its first three, with their Strut scores), or the book a found-it idea is of. */
function BooksCell({ row }: { row: ReadersWordsRow }) {
  const first = row.books.slice(0, 3)
  return (
    <td>
      <ul className={styles.plainList}>
        {first.map((b) => (
          <li key={b.podcastId}>
            <Link to={paths.singleBook(b.podcastId)}>{b.title}</Link>
            {b.strutScore !== null && (
              <span className={styles.details}> · Strut score {Math.round(b.strutScore)}</span>
            )}
          </li>
        ))}
      </ul>
      {row.books.length > first.length && (
        <p className={styles.details}>and {row.books.length - first.length} more</p>
      )}
    </td>
  )
}

/**
 * /admin/readers-words: the moderation queue of readers' words (issue 45). Topic candidates and agreed "found it"
 * ideas wait here; nothing of them is public or ranks a book until approved. Each decision is in the audit log.
 */
export function ReadersWordsPage() {
  useDocumentTitle("Readers' words · Admin")
  const { filters, filterBy, page, setPage } = useListFilters({ status: 'pending', kind: '' })
  const query: ReadersWordsQuery = {
    page,
    limit: PAGE_SIZE,
    ...(filters.status ? { status: filters.status as ReadersWordsQuery['status'] } : {}),
    ...(filters.kind ? { kind: filters.kind as ReadersWordsQuery['kind'] } : {}),
  }
  const queue = useReadersWords(query)
  const decide = useDecideReadersWords()
  const [asking, setAsking] = useState<{ row: ReadersWordsRow; decision: Decision } | null>(null)
  const ask = (row: ReadersWordsRow, decision: Decision) => (
    <Button
      size="sm"
      variant={decision === 'approve' ? 'primary' : decision === 'reject' ? 'danger' : 'secondary'}
      onClick={() => setAsking({ row, decision })}
      aria-label={`${LABELS[decision]} “${row.phrase}”`}
    >
      {LABELS[decision]}
    </Button>
  )
  return (
    <>
      <AdminHead
        title="Readers' words"
        lead="Topic candidates and agreed “found it” ideas: public, and used in ranking, only once approved."
      />
      <div className={styles.toolbar}>
        <SelectField
          label="Show"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={filterBy('status')}
        />
        <SelectField label="Kind" options={KIND_OPTIONS} value={filters.kind} onChange={filterBy('kind')} />
      </div>
      <ListTable
        query={queue}
        rows={queue.data?.items ?? []}
        loadingLabel="Loading the queue"
        failedMessage="Failed to fetch the queue"
        empty="Nothing waits here."
        className={styles.wordsTable}
        columns={[
          'Phrase',
          'Kind',
          { label: 'Readers', numeric: true },
          { label: 'Networks', numeric: true },
          'Books',
          'Status',
          'Decision',
        ]}
        row={(r) => (
          <tr key={`${r.kind}-${r.id}`}>
            <td>
              <strong>{r.phrase}</strong>
              <p className={styles.details}>found {formatTime(r.updatedAt)}</p>
            </td>
            <td>{KINDS[r.kind]}</td>
            <td className={styles.num}>{r.readers}</td>
            <td className={styles.num}>{r.networks}</td>
            <BooksCell row={r} />
            <td>
              <StatusTag status={r.status} />
              {r.decidedAt && <p className={styles.details}>{formatTime(r.decidedAt)}</p>}
            </td>
            <td>
              <div className={styles.actions}>
                {r.status === 'pending' && ask(r, 'approve')}
                {r.status === 'pending' && ask(r, 'reject')}
                {r.status === 'approved' && ask(r, 'withdraw')}
              </div>
            </td>
          </tr>
        )}
      />
      <AdminPager page={page} total={queue.data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />
      {asking && (
        <ConfirmWrite
          title={`${LABELS[asking.decision]} “${asking.row.phrase}”?`}
          confirmLabel={LABELS[asking.decision]}
          tone={asking.decision === 'approve' ? 'primary' : 'danger'}
          write={decide}
          input={{ kind: asking.row.kind, id: asking.row.id, decision: asking.decision }}
          done={DONE[asking.decision]}
          onClose={() => setAsking(null)}
        >
          {EFFECTS[asking.row.kind][asking.decision]}
        </ConfirmWrite>
      )}
    </>
  )
}
