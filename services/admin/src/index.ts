/*
 * @bookstrut/admin: the admin console's use cases — accounts (block, role, search, detail), readers' reports and
 * their types, the audit log's reading and CSV export, and the Top 20's held titles — with the admin console's
 * queries and the Top 20 releases table. Admin writes are audited by core's `audited` (every domain's admin writes
 * use it, so it stays in the kernel). No HTTP: services/api's routes/admin parse, call these and shape the reply.
 */
import * as adminConsoleRepo from './db/admin-console.repository.js'

export { adminConsoleRepo }
export type { AdminTables, Top20ReleaseRow, Top20ReleasesTable } from './db/admin.tables.js'
export { setBlocked, setRole } from './use-cases/accounts.js'
export { auditLogCsv, CSV_MAX_ROWS, readAuditLog } from './use-cases/audit-log.js'
export {
  createReportType,
  listReportGroups,
  listReportTypes,
  resolveReports,
  updateReportType,
} from './use-cases/reports.js'
export { currentTop20, decideHeldBook, listHeldBooks, type BookTraffic } from './use-cases/top20.js'
export { searchUsers, userDetail } from './use-cases/users.js'
