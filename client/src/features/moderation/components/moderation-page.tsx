import { PendingChangesNote } from '@/components/book/pending-changes-note'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { toast } from 'sonner'
import type { Book } from '@/api/book'
import { PlayToggle } from '@/components/book/play-toggle'
import { Button } from '@/components/ui/button'
import { CoverImage } from '@/components/ui/fallback-image'
import { ListStates } from '@/components/ui/list-states'
import { NoteDialog } from '@/components/ui/note-dialog'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { excerpt, formatDuration } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useModerate, useModerationQueue, useOwner } from '../api/moderation'
import { ListingDetail } from './listing-detail'
import styles from './moderation-page.module.css'
import { pageHead } from '@/components/ui/page-head'
import { MetaItem } from '@/components/ui/meta-item'

export const REJECT_COMMENT_REQUIRED = 'Please tell the owner why the listing is rejected.'

function OwnerName({ userId }: { userId: string }) {
  const owner = useOwner(userId)
  const name = owner.data ? `${owner.data.first_name} ${owner.data.last_name}`.trim() : null
  return <Link to={paths.authorProfile(userId)}>{name || (owner.isPending ? 'Loading…' : userId)}</Link>
}

function RejectDialog({ book, onClose }: { book: Book; onClose: () => void }) {
  const moderate = useModerate()
  return (
    <NoteDialog
      title={`Reject “${book.title}”`}
      label="Reason shown to the owner"
      requiredMessage={REJECT_COMMENT_REQUIRED}
      confirmLabel="Reject"
      busy={moderate.isPending}
      onClose={onClose}
      onSubmit={(comment) =>
        moderate.mutate(
          { bookId: book._id, status: 2, statusComment: comment },
          {
            // Our own words, not the contract's message ("Podcast rejected"): the thing moderated is a book.
            onSuccess: () => {
              toast.success(
                book.pendingChanges ? 'Changes rejected: the approved version stays' : 'Book rejected',
              )
              onClose()
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        )
      }
    />
  )
}

function QueueRow({ book, onReject }: { book: Book; onReject: () => void }) {
  const moderate = useModerate()
  const [detail, setDetail] = useState(false)
  const episode = book.episodes[0]
  const approve = () =>
    moderate.mutate(
      { bookId: book._id, status: 1 },
      {
        onSuccess: () => toast.success(book.pendingChanges ? 'Changes approved' : 'Book approved'),
        onError: (err) => toast.error(errorMessage(err)),
      },
    )
  return (
    <li className={styles['moderation-row']}>
      <CoverImage
        src={book.bookCoverImage}
        className={styles['moderation-row__cover']}
        width={72}
        height={96}
      />
      <div className="moderation-row__text">
        <h2 className={styles['moderation-row__title']}>
          <Link to={paths.singleBook(book._id)}>{book.title}</Link>
        </h2>
        <p className={styles['moderation-row__meta']}>
          <MetaItem label="Author">{book.author}</MetaItem>
          <MetaItem label="Owner">
            <OwnerName userId={book.createBy} />
          </MetaItem>
          <MetaItem label="Submitted">
            {new Date(book.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
          </MetaItem>
          <MetaItem label="Podblurb">{episode?.fileUrl ? formatDuration(episode.duration) : 'none'}</MetaItem>
        </p>
        <p className={styles['moderation-row__description']}>{excerpt(book.description, 220)}</p>
        {book.pendingChanges && <PendingChangesNote changes={book.pendingChanges} viewer="admin" />}
      </div>
      <div className={styles['moderation-row__actions']}>
        <PlayToggle book={book} />
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setDetail(true)}
          aria-label={`Details of ${book.title}`}
        >
          Details
        </Button>
        <Button size="sm" onClick={approve} loading={moderate.isPending} aria-label={`Approve ${book.title}`}>
          Approve
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={onReject}
          disabled={moderate.isPending}
          aria-label={`Reject ${book.title}`}
        >
          Reject
        </Button>
      </div>
      {detail && <ListingDetail book={book} onClose={() => setDetail(false)} />}
    </li>
  )
}

/** /admin/moderation: pending listings, oldest first, approved or rejected (with a reason) by an admin. */
export function ModerationPage() {
  useDocumentTitle('Moderation')
  const [page, setPage] = useState(1)
  const queue = useModerationQueue(page)
  const [rejecting, setRejecting] = useState<Book | null>(null)
  const data = queue.data
  const totalPages = Math.max(1, data?.totalPages ?? 1)
  // After the last item of the last page is handled, step back to a page that exists.
  if (data && page > totalPages) setPage(totalPages)

  return (
    <div className={styles.moderation}>
      <header className={pageHead.head}>
        <h1 className={pageHead.title}>Moderation</h1>
        <p className={pageHead.lead}>
          Pending listings, oldest first. Approved listings become public at once; a rejection needs a reason,
          which the owner sees in My Listings.
        </p>
      </header>
      <ListStates
        query={queue}
        rows={data?.data ?? []}
        loadingLabel="Loading pending listings"
        failedMessage={(error) => errorMessage(error)}
        empty="No listings are waiting for review."
      >
        {(rows) => (
          <>
            <p className="muted">
              {data?.total} pending {data?.total === 1 ? 'listing' : 'listings'}
            </p>
            <ul className={styles['moderation-list']} aria-busy={queue.isFetching}>
              {rows.map((book) => (
                <QueueRow key={book._id} book={book} onReject={() => setRejecting(book)} />
              ))}
            </ul>
            <nav className={styles.pager} aria-label="Pages">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setPage((p) => p - 1)}
                disabled={page <= 1}
              >
                Previous
              </Button>
              <span>
                Page {page} of {totalPages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setPage((p) => p + 1)}
                disabled={page >= totalPages}
              >
                Next
              </Button>
            </nav>
          </>
        )}
      </ListStates>
      {rejecting && <RejectDialog book={rejecting} onClose={() => setRejecting(null)} />}
    </div>
  )
}
