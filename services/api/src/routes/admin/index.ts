import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import {
  AdminReportType,
  AdminUserDetail,
  AdminUserQuery,
  AdminUsersPage,
  AdminUsersQuery,
  AuditLogQuery,
  AuditPage,
  BlockUserBody,
  CreateReportTypeBody,
  HeldBookDecision,
  HeldTitlesQuery,
  ModerationStatusSchema,
  ReadersWordsDecisionBody,
  ReadersWordsKind,
  ReadersWordsPage,
  ReadersWordsQuery,
  ReportGroupsPage,
  ReportGroupsQuery,
  ResolvedReports,
  ResolveReportsBody,
  SetRoleBody,
  Top20Current,
  Top20DecisionBody,
  UnblockUserBody,
  UpdateReportTypeBody,
  User,
} from '@bookstrut/schemas'
import {
  auditLogCsv,
  createReportType,
  CSV_MAX_ROWS,
  currentTop20,
  decideHeldBook,
  listHeldBooks,
  listReportGroups,
  listReportTypes,
  readAuditLog,
  resolveReports,
  searchUsers,
  setBlocked,
  setRole,
  updateReportType,
  userDetail,
} from '@bookstrut/admin'
import { access } from '@bookstrut/core'
import { decideReadersWords, listReadersWords } from '@bookstrut/search'
import { ok } from '../../respond.js'
import { depsOf } from '../deps.js'
import { declarer, familyDeclarer } from '../route-docs.js'
import { limitPerAccount } from '../../plugins/app/account-limit.js'
import { actorOf } from '../../plugins/app/admin-actor.js'
import { loadUser } from '../../views/user-view.js'
import { bookTrafficOf } from '../../views/page-traffic.js'

const ADMIN_ONLY =
  'Admins only: 401 without a session, 403 for any other account. Every admin call counts on one per-admin limit ' +
  '(300 a minute, then 429).'
const AUDITED =
  ' Writes one entry to the audit log (GET /admin/audit-log) in the same transaction; a call that changes nothing writes none.'

/** The admin console's calls (issue 33, docs/admin.md). Not in the spec's client; documented in the OpenAPI document. */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  const declare = declarer(['admin'])
  // Then one hit on the admin's own rate limit, before any query of the handler's.
  const preHandler = limitPerAccount(deps.limits, 'adminPerAccount')
  /** A route's options: admins only (decided by the access policy, plugins/app/access.ts, before any hook). */
  const spec = familyDeclarer({
    declare,
    access: access.admin(),
    preHandler,
    describe: (description) => `${description} ${ADMIN_ONLY}`,
    answers: {},
  })

  // ---- users

  app.get(
    '/admin/users',
    spec(
      'Search accounts',
      'Accounts whose name or e-mail contains `q`, by role and status, newest first.',
      { querystring: AdminUsersQuery },
      AdminUsersPage,
    ),
    async (req) => ok('Users fetched', await searchUsers(deps, req.query)),
  )

  app.get(
    '/admin/user',
    spec(
      'One account in detail',
      'The account, its listings, its current plan and the reports against its listings (grouped). 404 for no such account.',
      { querystring: AdminUserQuery },
      AdminUserDetail,
    ),
    async (req) => ok('User fetched', await userDetail(deps, req.query.userId)),
  )

  app.post(
    '/admin/block/user',
    spec(
      'Block an account with a note shown to its owner',
      'The owner sees the note in the blocked dialog on their next request. Admin accounts and the caller ' +
        'cannot be blocked (403).' +
        AUDITED,
      { body: BlockUserBody },
      User,
    ),
    async (req) =>
      ok(
        'User blocked',
        await loadUser(app.db, await setBlocked(deps, actorOf(req), req.body.userId, true, req.body.notes)),
      ),
  )

  app.post(
    '/admin/unblock/user',
    spec('Unblock an account', 'Clears the block and its note.' + AUDITED, { body: UnblockUserBody }, User),
    async (req) =>
      ok(
        'User unblocked',
        await loadUser(app.db, await setBlocked(deps, actorOf(req), req.body.userId, false, '')),
      ),
  )

  app.put(
    '/admin/user/role',
    spec(
      "Change an account's role",
      'reader, author, publisher or admin. An admin cannot change their own role (403); the last admin who is ' +
        'not blocked cannot be demoted, and a blocked account cannot be made an admin (409).' +
        AUDITED,
      { body: SetRoleBody },
      User,
    ),
    async (req) =>
      ok(
        'Role changed',
        await loadUser(app.db, await setRole(deps, actorOf(req), req.body.userId, req.body.role)),
      ),
  )

  // ---- reports

  app.get(
    '/admin/reports',
    spec(
      'Reports grouped by title and type, newest first',
      '`status=open`: groups with an unresolved report; `resolved`: groups with none; neither: all.',
      { querystring: ReportGroupsQuery },
      ReportGroupsPage,
    ),
    async (req) => ok('Reports fetched', await listReportGroups(deps, req.query)),
  )

  app.put(
    '/admin/reports/resolve',
    spec(
      'Resolve the reports of one title and type, and act on them',
      'action `none` resolves with the note; `unpublish` also takes the listing down; `block_owner` also ' +
        'blocks its owner with the note as their message (403 when the owner is an admin). 404 when there are no ' +
        'such reports, 409 when they are all resolved already.' +
        AUDITED,
      { body: ResolveReportsBody },
      ResolvedReports,
    ),
    async (req) => ok('Reports resolved', await resolveReports(deps, actorOf(req), req.body)),
  )

  app.get(
    '/admin/report-types',
    spec(
      'Every report type',
      'Active and retired, in the order readers see them.',
      {},
      Type.Array(AdminReportType),
    ),
    async () => ok('Report types fetched', await listReportTypes(deps)),
  )

  app.post(
    '/admin/report-type',
    spec(
      'Add a report type',
      'A new reason readers can report a title for. 409 for a name in use.' + AUDITED,
      { body: CreateReportTypeBody },
      AdminReportType,
    ),
    async (req) => ok('Report type created', await createReportType(deps, actorOf(req), req.body)),
  )

  app.put(
    '/admin/report-type',
    spec(
      'Rename, reorder, retire or bring back a report type',
      'Only the fields sent change (at least one). A retired type (isActive false) is no longer offered to ' +
        'readers; its reports stay. 404 for no such type, 409 for a name in use.' +
        AUDITED,
      { body: UpdateReportTypeBody },
      AdminReportType,
    ),
    async (req) => ok('Report type updated', await updateReportType(deps, actorOf(req), req.body)),
  )

  // ---- Top 20

  app.get(
    '/admin/top20',
    spec(
      'The current Top 20 with counted engagement and days in the Top 20',
      'The newest ranking (computedAt null and no entries before the first one).',
      {},
      Top20Current,
    ),
    async () =>
      ok(
        'Top 20 fetched',
        await currentTop20({
          ...deps,
          bookTraffic: (ids, now) => bookTrafficOf(app.analytics, ids, now),
        }),
      ),
  )

  app.get(
    '/admin/top20/held',
    spec(
      "Titles the Top 20's anomaly guard held out of a ranking, latest first",
      'Each title held out of a ranking because most of its score came from visitors who are not signed in, or ' +
        'from a burst of events from few addresses (docs/analytics.md), with the figures behind it and an ' +
        "admin's standing word on it (release / keep). At most `limit` (1-100, default 50) rows.",
      { querystring: HeldTitlesQuery },
      Type.Array(HeldBookDecision),
    ),
    async (req) => ok('Held titles fetched', await listHeldBooks(deps, req.query.limit ?? 50)),
  )

  app.put(
    '/admin/top20/held',
    spec(
      'Release or keep a held title',
      '`release`: the next rankings count the title on its engagement for 7 days despite the guard; `keep`: ' +
        'it stays held. 404 for a title the guard never held. Repeating the standing word changes nothing.' +
        AUDITED,
      { body: Top20DecisionBody },
      Type.Object({
        podcastId: Type.String(),
        decision: Type.String(),
        decidedUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      }),
    ),
    async (req) => ok('Decision recorded', await decideHeldBook(deps, actorOf(req), req.body)),
  )

  // ---- readers' words: the moderation queue (issue 45)

  app.get(
    '/admin/readers-words',
    spec(
      "The moderation queue of readers' words: topic candidates and agreed found-it ideas, pending first",
      'Each phrase with the readers and networks behind it and the books a topic page would list (for a found-it ' +
        'idea, the book it would be a passage of). Filters: `status` (pending, approved, rejected, withdrawn) and ' +
        '`kind` (topic, found_idea); paged. Nothing in it is public or ranks a book until approved.',
      { querystring: ReadersWordsQuery },
      ReadersWordsPage,
    ),
    async (req) => ok('Queue fetched', await listReadersWords(deps, req.query)),
  )

  app.put(
    '/admin/readers-words',
    spec(
      'Approve, reject or withdraw one phrase of the queue',
      '`approve` or `reject` a pending phrase; `withdraw` an approved one. An approved topic is public at once ' +
        '(page, sitemap, home); a withdrawn one leaves them at once (its page answers 404). An approved found-it ' +
        'idea becomes a passage of its book, a withdrawn one leaves it (the book is embedded again). A rejected ' +
        'phrase stays rejected: the jobs never queue it again. 404 for an id the queue does not hold, 409 for a ' +
        'word its status does not allow; repeating the standing word changes nothing.' +
        AUDITED,
      { body: ReadersWordsDecisionBody },
      Type.Object({ kind: ReadersWordsKind, id: Type.String(), status: ModerationStatusSchema }),
    ),
    async (req) => ok('Decision recorded', await decideReadersWords(deps, actorOf(req), req.body)),
  )

  // ---- audit log

  app.get(
    '/admin/audit-log',
    spec(
      'The audit log: every admin action, newest first',
      'Filters: adminId, action, targetId, from (inclusive) and to (exclusive) as ISO 8601 times; paged. ' +
        'The log is append-only: no call edits or deletes it.',
      { querystring: AuditLogQuery },
      AuditPage,
    ),
    async (req) => ok('Audit log fetched', await readAuditLog(deps, req.query)),
  )

  app.get(
    '/admin/audit-log/csv',
    {
      ...declare({
        summary: 'The audit log as a CSV file',
        description:
          `The same filters as GET /admin/audit-log, without paging: at most ${CSV_MAX_ROWS} rows, newest first, ` +
          'with a header row. Cells that a spreadsheet would run as a formula start with an apostrophe. Also ' +
          `counts on a per-admin export limit (10 a minute). ${ADMIN_ONLY}`,
        access: access.admin(),
        request: { querystring: AuditLogQuery },
        response: { 200: { description: 'CSV', content: { 'text/csv': { schema: Type.String() } } } },
      }),
      preHandler: [preHandler, limitPerAccount(deps.limits, 'adminExportsPerAccount')],
    },
    async (req, reply) => {
      const csv = await auditLogCsv(deps, req.query)
      const day = deps.clock.now().toISOString().slice(0, 10)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bookstrut-audit-${day}.csv"`)
        .send(csv)
    },
  )
}
