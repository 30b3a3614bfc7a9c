import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Id, PageNumber } from './common.js'
import { HeldBook } from './insights.js'
import { MembershipGrant } from './plans.js'
import { Role } from './users.js'

/** The admin console's calls (issue 33, docs/admin.md). Every body refuses unknown fields. */

const DateTime = Type.String({ format: 'date-time' })
/** One page of a console list: its rows, how many match in all, and which page of what size this is. */
const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  })
/** The paging fields of an admin list query: a page number, and `limit` rows a page (`byDefault`, at most 100). */
const paging = (byDefault: number) => ({
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: byDefault })),
})
/** A note an admin writes with a decision. */
const Note = Type.String({
  minLength: 1,
  maxLength: 1000,
  pattern: '\\S',
  errorMessage: 'note: write what was done (1 to 1000 characters)',
})

// ---- audit log

/** The audit log's actions, `<kind>.<verb>` (docs/admin.md lists what each before/after holds). */
export const AUDIT_ACTIONS = [
  'user.block',
  'user.unblock',
  'user.role',
  'listing.moderate',
  'plan.update',
  // An admin's grant of a plan to a member (issue 48): complimentary or extended, target the member.
  'plan.grant',
  'report.resolve',
  'report_type.create',
  'report_type.update',
  'top20.release',
  'top20.keep',
  // The moderation queue of readers' words (issue 45): topic candidates and agreed "found it" ideas.
  'topic.approve',
  'topic.reject',
  'topic.withdraw',
  'found_idea.approve',
  'found_idea.reject',
  'found_idea.withdraw',
  // The content engine's writes (services/content/src/audited-writes.ts).
  'faq.create',
  'faq.update',
  'faq.delete',
  'blog.create',
  'blog.update',
  'blog.delete',
  'information.create',
  'information.update',
  'information.delete',
  'settings.update',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AuditEntry = Type.Object({
  id: Id,
  adminId: Id,
  adminEmail: Type.String(),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  before: Type.Unknown({ description: "the target's state before (null for none)" }),
  after: Type.Unknown({ description: "the target's state after (null for none)" }),
  requestId: Type.Union([Type.String(), Type.Null()]),
  createdAt: DateTime,
})
export type AuditEntry = Static<typeof AuditEntry>

export const AuditLogQuery = Type.Object({
  adminId: Type.Optional(Id),
  action: Type.Optional(Type.Union(AUDIT_ACTIONS.map((a) => Type.Literal(a)))),
  targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9a-zA-Z_-]+$' })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'from this time (inclusive)' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'until this time (exclusive)' })),
  ...paging(50),
})
export type AuditLogQuery = Static<typeof AuditLogQuery>

export const AuditPage = PageOf(AuditEntry)
export type AuditPage = Static<typeof AuditPage>

// ---- users

export const AdminUsersQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100, description: 'part of the name or e-mail address' })),
  role: Type.Optional(Role),
  status: Type.Optional(
    Type.Union([Type.Literal('active'), Type.Literal('blocked'), Type.Literal('unverified')]),
  ),
  ...paging(20),
})
export type AdminUsersQuery = Static<typeof AdminUsersQuery>

export const AdminUser = Type.Object({
  id: Id,
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  role: Role,
  isVerified: Type.Boolean(),
  isBlocked: Type.Boolean(),
  blockNotes: Type.String(),
  createdAt: DateTime,
})
export type AdminUser = Static<typeof AdminUser>

export const AdminUsersPage = PageOf(AdminUser)
export type AdminUsersPage = Static<typeof AdminUsersPage>

export const AdminUserQuery = Type.Object({ userId: Id })

export const ReportGroup = Type.Object({
  podcastId: Id,
  title: Type.String(),
  isActive: Type.Boolean({ description: 'false once unpublished' }),
  ownerId: Id,
  ownerEmail: Type.String(),
  ownerBlocked: Type.Boolean(),
  reportTypeId: Id,
  type: Type.String(),
  reports: Type.Integer({ minimum: 0 }),
  openReports: Type.Integer({ minimum: 0 }),
  latestAt: DateTime,
  resolvedAt: Type.Union([DateTime, Type.Null()]),
})
export type ReportGroup = Static<typeof ReportGroup>

export const AdminUserDetail = Type.Object({
  user: AdminUser,
  listings: Type.Array(
    Type.Object({
      id: Id,
      title: Type.String(),
      status: Type.Integer({ description: '0 pending, 1 approved, 2 rejected' }),
      isActive: Type.Boolean(),
      createdAt: DateTime,
    }),
  ),
  plan: Type.Union([
    Type.Object({
      planId: Id,
      planName: Type.String(),
      expiryDate: Type.Union([DateTime, Type.Null()]),
      /** the plan's monthly price in the catalogue (0: the free plan) */
      planPrice: Type.Optional(Type.Number()),
      grant: Type.Optional(Type.Union([MembershipGrant, Type.Null()])),
    }),
    Type.Null(),
  ]),
  reports: Type.Array(ReportGroup, {
    description: 'reports against their listings, grouped by title and type',
  }),
})
export type AdminUserDetail = Static<typeof AdminUserDetail>

export const SetRoleBody = Type.Object({ userId: Id, role: Role })
export type SetRoleBody = Static<typeof SetRoleBody>

// ---- reports

export const ReportGroupsQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('resolved')])),
  ...paging(20),
})
export type ReportGroupsQuery = Static<typeof ReportGroupsQuery>

export const ReportGroupsPage = PageOf(ReportGroup)
export type ReportGroupsPage = Static<typeof ReportGroupsPage>

export const ResolveReportsBody = Type.Object({
  podcastId: Id,
  reportTypeId: Id,
  note: Note,
  action: Type.Union([Type.Literal('none'), Type.Literal('unpublish'), Type.Literal('block_owner')], {
    description:
      'none: resolve only; unpublish: take the listing down too; block_owner: block its owner with the note',
  }),
})
export type ResolveReportsBody = Static<typeof ResolveReportsBody>

export const ResolvedReports = Type.Object({
  resolved: Type.Integer({ minimum: 0, description: 'reports marked resolved' }),
  group: ReportGroup,
})

export const AdminReportType = Type.Object({
  id: Id,
  type: Type.String(),
  isActive: Type.Boolean(),
  sortOrder: Type.Integer(),
})
export type AdminReportType = Static<typeof AdminReportType>

const ReportTypeName = Type.String({
  minLength: 2,
  maxLength: 80,
  pattern: '\\S',
  errorMessage: 'type: 2 to 80 characters',
})
const SortOrder = Type.Integer({ minimum: 0, maximum: 1000 })

export const CreateReportTypeBody = Type.Object({
  type: ReportTypeName,
  isActive: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(SortOrder),
})
export type CreateReportTypeBody = Static<typeof CreateReportTypeBody>

export const UpdateReportTypeBody = Type.Object(
  {
    reportTypeId: Id,
    type: Type.Optional(ReportTypeName),
    isActive: Type.Optional(Type.Boolean()),
    sortOrder: Type.Optional(SortOrder),
  },
  { minProperties: 2, errorMessage: { minProperties: 'Change at least one of type, isActive, sortOrder.' } },
)
export type UpdateReportTypeBody = Static<typeof UpdateReportTypeBody>

// ---- Top 20

export const Top20Standing = Type.Object({
  position: Type.Integer({ minimum: 1 }),
  podcastId: Id,
  title: Type.String(),
  score: Type.Number({ description: 'counted engagement over the ranking window (docs/analytics.md)' }),
  readers: Type.Integer({ minimum: 0 }),
  daysInTop20: Type.Integer({ minimum: 0 }),
  /** views of the title's page (page-view events); null while the analytics store does not answer */
  views7d: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  views30d: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
})

export const Top20Current = Type.Object({
  computedAt: Type.Union([DateTime, Type.Null()], { description: 'null before the first ranking' }),
  entries: Type.Array(Top20Standing),
})
export type Top20Current = Static<typeof Top20Current>

export const HeldBookDecision = Type.Composite([
  HeldBook,
  Type.Object({
    title: Type.String(),
    decision: Type.Union([Type.Literal('release'), Type.Literal('keep'), Type.Null()], {
      description: "an admin's word on it: null while undecided",
    }),
    decidedUntil: Type.Union([DateTime, Type.Null()], { description: 'when a release ends' }),
  }),
])
export type HeldBookDecision = Static<typeof HeldBookDecision>

export const Top20DecisionBody = Type.Object({
  podcastId: Id,
  decision: Type.Union([Type.Literal('release'), Type.Literal('keep')], {
    description:
      'release: rank it on its counted engagement for 7 days despite the guard; keep: leave it held',
  }),
})
export type Top20DecisionBody = Static<typeof Top20DecisionBody>

// ---- readers' words: the moderation queue (issue 45)

/** What the queue holds: a topic candidate (an idea several readers searched) or an agreed "found it" idea. */
export const ReadersWordsKind = Type.Union([Type.Literal('topic'), Type.Literal('found_idea')])
export type ReadersWordsKind = Static<typeof ReadersWordsKind>
/** pending → approved / rejected; approved → withdrawn. Only approved words are public or used in ranking. */
export const ModerationStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('withdrawn'),
])

export const ReadersWordsQuery = Type.Object({
  status: Type.Optional(ModerationStatusSchema),
  kind: Type.Optional(ReadersWordsKind),
  ...paging(50),
})
export type ReadersWordsQuery = Static<typeof ReadersWordsQuery>

export const ReadersWordsItem = Type.Object({
  kind: ReadersWordsKind,
  id: Id,
  phrase: Type.String({ description: 'the normalised idea a topic page or a book passage would show' }),
  status: ModerationStatusSchema,
  readers: Type.Integer({ minimum: 0 }),
  networks: Type.Integer({
    minimum: 0,
    description: 'distinct networks (IPv4 /24, IPv6 /48) its readers came from',
  }),
  books: Type.Array(
    Type.Object({
      podcastId: Id,
      title: Type.String(),
      strutScore: Type.Union([Type.Number(), Type.Null()], {
        description: "the topic's Strut score; null for found it",
      }),
    }),
    {
      description:
        'the books a topic page would list; for a found-it idea, the book it would be a passage of',
    },
  ),
  updatedAt: DateTime,
  decidedAt: Type.Union([DateTime, Type.Null()]),
})
export type ReadersWordsItem = Static<typeof ReadersWordsItem>
export const ReadersWordsPage = PageOf(ReadersWordsItem)
export type ReadersWordsPage = Static<typeof ReadersWordsPage>

export const ReadersWordsDecisionBody = Type.Object({
  kind: ReadersWordsKind,
  id: Id,
  decision: Type.Union([Type.Literal('approve'), Type.Literal('reject'), Type.Literal('withdraw')], {
    description: 'approve or reject a pending one; withdraw an approved one',
  }),
})
export type ReadersWordsDecisionBody = Static<typeof ReadersWordsDecisionBody>
