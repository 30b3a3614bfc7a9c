import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { FaqList } from '@/components/ui/faq-list'
import { HowTo } from '@/components/ui/how-to'
import { PageSpinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { useStoredSession } from '@/lib/storage'
import { planSummaryText, uploadAllowanceText } from '@/lib/plan-texts'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useOwnAccount } from '../api/get-account'
import { useBook } from '../api/get-book'
import { ListingForm, standingOf } from './listing-form'
import { uploadFaq, uploadSteps } from './upload-help'
import styles from './upload-book-page.module.css'
import { containerClass } from '@/components/ui/container'
import { checkListClass } from '@/components/ui/notice'
import { profileCard } from '@/components/ui/profile-card'
import { chipClass } from '@/components/ui/chip'
import { pageHead } from '@/components/ui/page-head'

/**
 * /upload-book: create mode, or edit mode when navigation state carries a listing id. The account (plan,
 * blocked flag) and, when editing, the listing are loaded before the form is shown.
 */
export function UploadBookPage({
  bookId,
  onBlocked,
}: {
  bookId: string | undefined
  onBlocked: (notes: string) => void
}) {
  const mode = bookId ? 'edit' : 'create'
  useDocumentTitle(mode === 'create' ? 'Upload a Book' : 'Edit Book')
  const { userId } = useStoredSession()
  const account = useOwnAccount(userId)
  const book = useBook(bookId, userId)

  const blocked = account.account?.isBlocked === true
  const notes = account.account?.notes ?? ''
  // A blocked account cannot add listings: say so once when the page opens.
  const toldBlocked = useRef(false)
  useEffect(() => {
    if (!blocked || toldBlocked.current) return
    toldBlocked.current = true
    onBlocked(notes)
  }, [blocked, notes, onBlocked])

  const failed = account.isError ? account.error : book.isError ? book.error : null
  const loading = account.isPending || (mode === 'edit' && book.isPending)
  const standing = account.account ? standingOf(account.account) : null

  return (
    <div className={containerClass('upload-page')}>
      <header className={pageHead.head}>
        <nav aria-label="Breadcrumb" className={pageHead.breadcrumb}>
          <Link to={paths.profileListings}>My Listings</Link>
          <span aria-hidden="true">/</span>
          <span aria-current="page">{mode === 'create' ? 'Upload a Book' : 'Edit Book'}</span>
        </nav>
        <h1 className={pageHead.title}>{mode === 'create' ? 'Upload a Book' : 'Edit Book'}</h1>
        <p className={pageHead.lead}>
          Your first upload is free. Editing the title, author, category, ideas and description is possible
          for 72 hours after creation. Each idea is one sentence of 7-12 words. BookStrut does not use or
          require book files.
        </p>
        {standing && (
          <p className={`${chipClass} ${pageHead.chip} ${styles['chip--soft']}`} data-testid="plan-summary">
            {planSummaryText(standing)}
          </p>
        )}
      </header>

      {failed ? (
        <div className={profileCard.message} role="alert">
          <h2 className="h3">
            {mode === 'edit' ? "We couldn't load this listing" : "We couldn't load your account"}
          </h2>
          <p className="muted">{errorMessage(failed)}</p>
          <Button
            variant="secondary"
            onClick={() => void Promise.all([account.refetch(), mode === 'edit' ? book.refetch() : null])}
          >
            Try again
          </Button>
        </div>
      ) : loading || !account.account ? (
        <PageSpinner label={mode === 'edit' ? 'Loading the listing' : 'Loading your account'} />
      ) : (
        <div className={styles['upload-layout']}>
          <ListingForm
            key={book.data?._id ?? 'new'}
            account={account.account}
            book={mode === 'edit' ? book.data : undefined}
            onBlocked={onBlocked}
          />
          <aside className={styles['upload-aside']}>
            <HowTo title="How to upload a book" minutes={1} steps={uploadSteps} />
            <div className={styles['help-card']}>
              <h2 className={styles['help-card__title']}>Good to know</h2>
              <ul className={checkListClass}>
                {standing && <li data-testid="plan-allowance">{uploadAllowanceText(standing)}</li>}
                <li>New and edited listings are reviewed before they are public.</li>
                <li>Readers find your book by its ideas: be specific.</li>
              </ul>
            </div>
          </aside>
        </div>
      )}
      <div className={styles['upload-faq']}>
        <FaqList items={uploadFaq} />
      </div>
    </div>
  )
}
