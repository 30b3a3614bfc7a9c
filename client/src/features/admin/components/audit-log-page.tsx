import { toast } from 'sonner'
import { AUDIT_ACTIONS, type AuditLogQuery } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { readItem, StorageKeys } from '@/lib/storage'
import { useDocumentTitle } from '@/lib/use-document-title'
import { downloadAuditCsv, useAuditLog } from '../api/audit-log'
import { useListFilters } from '../hooks/use-list-filters'
import { AdminHead, AdminPager, formatTime } from './admin-layout'
import { ListTable } from './admin-table'
import styles from './admin.module.css'

const PAGE_SIZE = 50
const ACTION_OPTIONS = [
  { value: '', label: 'Any action' },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: a })),
]
const HEX_ID = /^[0-9a-f]{24}$/

/** A day picked in the form (local date) as the start of that day, ISO 8601. */
const dayStart = (day: string, plusDays = 0) => {
  const d = new Date(`${day}T00:00:00`)
  d.setDate(d.getDate() + plusDays)
  return d.toISOString()
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const shown = (v: unknown) =>
  v === undefined || v === null || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v)

/** What an entry changed, one line per field: `field: before → after` (a new target shows its fields). */
export function changeLines(before: unknown, after: unknown): string[] {
  const b = isRecord(before) ? before : {}
  const a = isRecord(after) ? after : {}
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])]
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => (k in b ? `${k}: ${shown(b[k])} → ${shown(a[k])}` : `${k}: ${shown(a[k])}`))
}

/** /admin/audit-log: every admin action, filtered by admin, action, target and dates; CSV export. */
export function AuditLogPage() {
  useDocumentTitle('Audit log · Admin')
  const { filters, filterBy, page, setPage } = useListFilters({
    adminId: '',
    action: '',
    targetId: '',
    from: '',
    to: '',
  })
  const { adminId, action, targetId, from, to } = filters
  const query: AuditLogQuery = {
    page,
    limit: PAGE_SIZE,
    ...(HEX_ID.test(adminId.trim()) ? { adminId: adminId.trim() } : {}),
    ...(action ? { action: action as AuditLogQuery['action'] } : {}),
    ...(/^[0-9a-zA-Z_-]{1,64}$/.test(targetId.trim()) ? { targetId: targetId.trim() } : {}),
    ...(from ? { from: dayStart(from) } : {}),
    ...(to ? { to: dayStart(to, 1) } : {}),
  }
  const log = useAuditLog(query)
  const exportCsv = () => {
    const token = readItem(StorageKeys.token)
    if (!token) return
    downloadAuditCsv(query, token).catch((err: unknown) =>
      toast.error(err instanceof Error ? err.message : 'The export failed.'),
    )
  }
  return (
    <>
      <AdminHead
        title="Audit log"
        lead="Every admin action: who, what, when, on what, before and after. Nobody can edit it."
      />
      <div className={styles.toolbar} role="search">
        <SelectField label="Action" options={ACTION_OPTIONS} value={action} onChange={filterBy('action')} />
        <TextField label="Admin id" value={adminId} maxLength={24} onChange={filterBy('adminId')} />
        <TextField label="Target id" value={targetId} maxLength={64} onChange={filterBy('targetId')} />
        <TextField label="From" type="date" value={from} onChange={filterBy('from')} />
        <TextField label="To" type="date" value={to} onChange={filterBy('to')} />
        <Button variant="secondary" onClick={exportCsv}>
          Export CSV
        </Button>
      </div>
      <ListTable
        query={log}
        rows={log.data?.items ?? []}
        loadingLabel="Loading the audit log"
        failedMessage="Failed to fetch the audit log"
        empty="No entry matches."
        columns={['When', 'Admin', 'Action', 'Target', 'Change']}
        row={(e) => (
          <tr key={e.id}>
            <td className={styles.when}>{formatTime(e.createdAt)}</td>
            <td className={styles.wrap}>{e.adminEmail}</td>
            <td>
              <span className={styles.tag}>{e.action}</span>
            </td>
            <td>
              {e.targetType}
              <br />
              <code className={styles.wrap}>{e.targetId}</code>
            </td>
            <td>
              <ul className={styles.changes}>
                {changeLines(e.before, e.after).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </td>
          </tr>
        )}
      />
      <AdminPager page={page} total={log.data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />
    </>
  )
}
