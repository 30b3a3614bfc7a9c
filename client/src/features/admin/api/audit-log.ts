import { AuditPage, type AuditLogQuery } from '@bookstrut/schemas'
import { useAdminList } from './admin-list'
import { buildUrl } from '@/lib/api-client'

/** GET /admin/audit-log with filters, newest first. */
export const useAuditLog = (query: AuditLogQuery) =>
  useAdminList('audit-log', '/admin/audit-log', AuditPage, { ...query })

/** The CSV export of the same filters (GET /admin/audit-log/csv), fetched with the token and saved as a file. */
export async function downloadAuditCsv(query: AuditLogQuery, token: string) {
  const { page: _page, limit: _limit, ...filters } = query
  const res = await fetch(buildUrl('/admin/audit-log/csv', { ...filters }), {
    headers: { authorization: `Bearer ${token}` },
  })
  if (!res.ok) throw new Error('The export failed. Please try again.')
  const url = URL.createObjectURL(await res.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = `bookstrut-audit-${new Date().toISOString().slice(0, 10)}.csv`
  link.click()
  URL.revokeObjectURL(url)
}
