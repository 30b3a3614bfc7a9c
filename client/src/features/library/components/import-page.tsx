import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { toast } from 'sonner'
import type { ImportOutcome, LibraryImport } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { ListHeader } from '@/components/ui/list-header'
import { profileCard } from '@/components/ui/profile-card'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { SHELF_NAMES, SHELF_SLUGS } from '@/lib/shelves'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useImportRows, useImports, useStartImport, useUndoImport } from '../api/imports'
import styles from './import-page.module.css'

/** What each outcome means to the reader, in the report. */
export const OUTCOME_TEXT: Record<ImportOutcome, string> = {
  shelved: 'Shelved',
  already_shelved: 'Already on your shelves (left as it was)',
  no_shelf: 'Found, but on no shelf of ours (a shelf of your own or "did not finish")',
  not_found: 'Not in our catalogue (no book with its ISBN, title and author)',
  ambiguous: 'Several books match: shelve it yourself',
}
const OUTCOMES = Object.keys(OUTCOME_TEXT) as ImportOutcome[]

const STATUS_TEXT: Record<LibraryImport['status'], string> = {
  queued: 'Waiting to start',
  running: 'Matching your books',
  done: 'Done',
  failed: 'Failed',
  undone: 'Undone',
}

/**
 * /profile-import: bring a Goodreads or StoryGraph library in. The reader uploads the export; the import's progress
 * shows while a job matches the rows, then its report (what matched, what did not and why) and an undo.
 */
export function ImportPage({ userId }: { userId: string }) {
  useDocumentTitle('Import your library')
  const imports = useImports(userId)
  const start = useStartImport(userId)
  const [file, setFile] = useState<File | null>(null)
  const inputId = useId()

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!file) {
      toast.error('Choose your export file (.csv) first.')
      return
    }
    start.mutate(file, {
      onSuccess: () => toast.success('Import started: your books are being matched.'),
      onError: (error) => toast.error(errorMessage(error, 'The import could not start.')),
    })
  }

  return (
    <div className={profileCard.list}>
      <ListHeader
        title="Import your library"
        summary="Bring your shelves from Goodreads or The StoryGraph."
      />
      <form className={styles['import-form']} onSubmit={handleSubmit} aria-label="Import an export file">
        <ol className={styles['import-form__steps']}>
          <li>
            Goodreads: My Books → Import and export → <strong>Export Library</strong>. The StoryGraph: Manage
            account → <strong>Export StoryGraph Library</strong>.
          </li>
          <li>Choose the .csv file you downloaded (at most 8 MB) and import it.</li>
        </ol>
        <label htmlFor={inputId} className={styles['import-form__label']}>
          Export file (.csv)
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className={styles['import-form__file']}
        />
        <Button type="submit" loading={start.isPending} disabled={start.isPending}>
          Import
        </Button>
        {start.isError && (
          <p role="alert" className={styles['import-form__error']}>
            {errorMessage(start.error, 'The import could not start.')}
          </p>
        )}
      </form>

      {imports.isPending && <Spinner label="Loading your imports" />}
      {imports.data && imports.data.length > 0 && (
        <section aria-label="Your imports" className={styles.imports}>
          {imports.data.map((i, index) => (
            <ImportCard key={i._id} userId={userId} item={i} open={index === 0} />
          ))}
        </section>
      )}
    </div>
  )
}

function ImportCard({ userId, item, open }: { userId: string; item: LibraryImport; open: boolean }) {
  const undo = useUndoImport(userId)
  const [showReport, setShowReport] = useState(open)
  const busy = item.status === 'queued' || item.status === 'running'
  const percent = item.totalRows ? Math.round((item.processedRows / item.totalRows) * 100) : 0
  const source = item.source === 'goodreads' ? 'Goodreads' : 'The StoryGraph'

  return (
    <article className={styles['import-card']} aria-label={`${source} import`}>
      <header className={styles['import-card__head']}>
        <h2 className="h5">
          {source} import, {new Date(item.createdAt).toLocaleString('en-GB')}
        </h2>
        <p className={styles['import-card__status']} role="status">
          {STATUS_TEXT[item.status]}
          {busy && ` (${item.processedRows} of ${item.totalRows})`}
        </p>
      </header>
      {busy && (
        <progress
          className={styles['import-card__progress']}
          max={100}
          value={percent}
          aria-label="Import progress"
        />
      )}
      {!busy && (
        <>
          <p className={styles['import-card__summary']}>
            {item.outcomes.shelved} of {item.totalRows} books shelved · {item.outcomes.already_shelved}{' '}
            already on your shelves · {item.outcomes.not_found + item.outcomes.ambiguous} not matched
          </p>
          <div className={styles['import-card__actions']}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setShowReport((v) => !v)}
              aria-expanded={showReport}
            >
              {showReport ? 'Hide report' : 'Show report'}
            </Button>
            {item.status === 'done' && (
              <Button
                variant="ghost"
                size="sm"
                loading={undo.isPending}
                onClick={() =>
                  undo.mutate(item._id, {
                    onSuccess: () => toast.success('Import undone: its books are off your shelves.'),
                    onError: (error) => toast.error(errorMessage(error, 'The import could not be undone.')),
                  })
                }
              >
                Undo this import
              </Button>
            )}
            <Link to={paths.profileShelf(SHELF_SLUGS.read)}>Go to your Read shelf</Link>
          </div>
          {showReport && <ImportReport userId={userId} importId={item._id} />}
        </>
      )}
    </article>
  )
}

function ImportReport({ userId, importId }: { userId: string; importId: string }) {
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null)
  const [page, setPage] = useState(1)
  const rows = useImportRows(userId, importId, outcome, page)
  const selectId = useId()
  return (
    <div className={styles.report}>
      <label htmlFor={selectId}>Show </label>
      <select
        id={selectId}
        value={outcome ?? ''}
        onChange={(e) => {
          setOutcome((e.target.value || null) as ImportOutcome | null)
          setPage(1)
        }}
      >
        <option value="">every row</option>
        {OUTCOMES.map((o) => (
          <option key={o} value={o}>
            {OUTCOME_TEXT[o]}
          </option>
        ))}
      </select>
      {rows.isPending && <Spinner label="Loading the report" />}
      {rows.data && (
        <>
          <div className={styles.report__scroll}>
            <table className={styles.report__table} aria-label="Import report">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Title and author in your file</th>
                  <th scope="col">Shelf</th>
                  <th scope="col">What happened</th>
                </tr>
              </thead>
              <tbody>
                {rows.data.data.map((r) => (
                  <tr key={r.rowNumber}>
                    <td>{r.rowNumber}</td>
                    <td>
                      {/* The file's own words, shown as text (React escapes them; nothing is evaluated). */}
                      <span className={styles.report__title}>{r.title}</span>
                      <span className="muted"> {r.author}</span>
                    </td>
                    <td>{r.shelf ? SHELF_NAMES[r.shelf] : '—'}</td>
                    <td>
                      {r.outcome ? OUTCOME_TEXT[r.outcome] : 'Waiting'}
                      {r.book && (
                        <>
                          {': '}
                          <Link to={paths.singleBook(r.book._id)}>{r.book.title}</Link>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.data.totalPages > 1 && (
            <div className={styles.report__pages}>
              <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span>
                Page {page} of {rows.data.totalPages}
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={page >= rows.data.totalPages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}
