import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { toast } from 'sonner'
import type { ReportGroupsQuery, ResolveReportsBody } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { ListStates } from '@/components/ui/list-states'
import { NoteDialog } from '@/components/ui/note-dialog'
import { adminPaths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import {
  type BookReports,
  useCreateReportType,
  useReportGroups,
  useReportTypes,
  useResolveReports,
  useUpdateReportType,
} from '../api/admin-reports'
import { useListFilters } from '../hooks/use-list-filters'
import { AdminHead, AdminPager, formatTime } from './admin-layout'
import { BookCell, ListTable } from './admin-table'
import styles from './admin.module.css'

const PAGE_SIZE = 20
const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: '', label: 'All' },
]
const ACTIONS = [
  { value: 'none', label: 'Resolve only' },
  { value: 'unpublish', label: 'Resolve and unpublish the listing' },
  { value: 'block_owner', label: 'Resolve and block the owner (the note is their message)' },
]

function ResolveDialog({ group, onClose }: { group: BookReports; onClose: () => void }) {
  const [action, setAction] = useState<ResolveReportsBody['action']>('none')
  const [error, setError] = useState<string | undefined>()
  const resolve = useResolveReports()
  return (
    <NoteDialog
      title={`Resolve “${group.type}” on “${group.title}”`}
      label="Note"
      requiredMessage="Write what was done (the audit log keeps it)."
      confirmLabel="Resolve"
      confirmVariant={action === 'none' ? 'primary' : 'danger'}
      busy={resolve.isPending}
      error={error}
      onClose={onClose}
      onSubmit={(note) =>
        resolve.mutate(
          { bookId: group.bookId, reportTypeId: group.reportTypeId, note, action },
          {
            onSuccess: () => {
              toast.success('Reports resolved')
              onClose()
            },
            onError: (err) => setError(errorMessage(err)),
          },
        )
      }
    >
      <SelectField
        label="Action"
        options={ACTIONS}
        value={action}
        onChange={(e) => setAction(e.target.value as ResolveReportsBody['action'])}
      />
    </NoteDialog>
  )
}

function ReportTypes() {
  const types = useReportTypes()
  const create = useCreateReportType()
  const update = useUpdateReportType()
  const [name, setName] = useState('')
  const add = (e: FormEvent) => {
    e.preventDefault()
    create.mutate(
      { type: name.trim() },
      {
        onSuccess: () => {
          toast.success('Report type added')
          setName('')
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    )
  }
  return (
    <section className={styles.section}>
      <h2>Report types</h2>
      <ListStates
        query={types}
        rows={types.data ?? []}
        loadingLabel="Loading report types"
        failedMessage="Failed to fetch report types"
        empty={<p>No report types.</p>}
      >
        {(rows) => (
          <ul className={`stack ${styles.plainList}`}>
            {rows.map((t) => (
              <li key={t.id} className={styles.actions}>
                <span>{t.type}</span>
                {!t.isActive && <span className={styles.tag}>retired</span>}
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    update.mutate(
                      { reportTypeId: t.id, isActive: !t.isActive },
                      { onError: (err) => toast.error(errorMessage(err)) },
                    )
                  }
                >
                  {t.isActive ? 'Retire' : 'Bring back'}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      <form className={styles.toolbar} onSubmit={add}>
        <TextField
          label="New report type"
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          loading={create.isPending}
          disabled={name.trim().length < 2}
        >
          Add
        </Button>
      </form>
    </section>
  )
}

/** /admin/reports: reports grouped by book and type, newest first; resolve, unpublish or block; report types. */
export function ReportsPage() {
  useDocumentTitle('Reports · Admin')
  const { filters, filterBy, page, setPage } = useListFilters({ status: 'open' })
  const { status } = filters
  const [resolving, setResolving] = useState<BookReports | null>(null)
  const query: ReportGroupsQuery = {
    page,
    limit: PAGE_SIZE,
    ...(status ? { status: status as ReportGroupsQuery['status'] } : {}),
  }
  const groups = useReportGroups(query)
  return (
    <>
      <AdminHead title="Reports" lead="What readers reported, grouped by title and reason, newest first." />
      <div className={styles.toolbar}>
        <SelectField label="Show" options={STATUS_OPTIONS} value={status} onChange={filterBy('status')} />
      </div>
      <ListTable
        query={groups}
        rows={groups.data?.items ?? []}
        loadingLabel="Loading reports"
        failedMessage="Failed to fetch reports"
        empty="No reports here."
        columns={['Title', 'Reason', { label: 'Reports', numeric: true }, 'Latest', 'Owner', 'Action']}
        row={(g) => (
          <tr key={`${g.bookId}-${g.reportTypeId}`}>
            <BookCell id={g.bookId} title={g.title}>
              {!g.isActive && <span className={styles.tag}> unpublished</span>}
            </BookCell>
            <td>{g.type}</td>
            <td className={styles.num}>
              {g.openReports} / {g.reports}
            </td>
            <td>{formatTime(g.latestAt)}</td>
            <td>
              <Link to={adminPaths.user(g.ownerId)}>{g.ownerEmail}</Link>
              {g.ownerBlocked && <span className={`${styles.tag} ${styles.tagDanger}`}> blocked</span>}
            </td>
            <td>
              {g.openReports > 0 ? (
                <Button
                  size="sm"
                  onClick={() => setResolving(g)}
                  aria-label={`Resolve ${g.type} on ${g.title}`}
                >
                  Resolve
                </Button>
              ) : (
                <span className={`${styles.tag} ${styles.tagGood}`}>Resolved</span>
              )}
            </td>
          </tr>
        )}
      />
      <AdminPager page={page} total={groups.data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />
      {resolving && <ResolveDialog group={resolving} onClose={() => setResolving(null)} />}
      <ReportTypes />
    </>
  )
}
