import { Type, type Static } from '@sinclair/typebox'
import { Id, PageNumber } from './common.js'

/** Keyword ("surface") search. The spec's client also sends status and isActive: only public titles are searched anyway. */
export const SurfaceSearchQuery = Type.Object(
  {
    query: Type.String({
      pattern: '\\S',
      maxLength: 500,
      errorMessage: {
        pattern: 'Please enter your search query.',
        maxLength: 'The search query is too long.',
      },
    }),
    page: Type.Optional(PageNumber),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
    userid: Type.Optional(Id),
  },
  { errorMessage: { required: { query: 'Please enter your search query.' } } },
)
export type SurfaceSearchQuery = Static<typeof SurfaceSearchQuery>

/** Ghosting: a reader hides a title from their own results (spec reader-and-account sections 4 and 7). */
export const GhostBody = Type.Object({ userId: Id, podcastId: Id, episodeId: Type.Optional(Id) })
export type GhostBody = Static<typeof GhostBody>
export const GhostListQuery = Type.Object({
  userId: Id,
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
})
export type GhostListQuery = Static<typeof GhostListQuery>
export const RemoveGhostQuery = Type.Object({ userId: Id, podcastId: Id })
export type RemoveGhostQuery = Static<typeof RemoveGhostQuery>

export const ReportType = Type.Object({ _id: Id, type: Type.String(), isActive: Type.Boolean() })
export const ReportTypeQuery = Type.Object({ isActive: Type.Optional(Type.Boolean()) })
export const ReportBody = Type.Object(
  {
    userId: Id,
    reportTypeId: Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'Please select a bug report type' }),
    podcastId: Id,
    episodeId: Type.Optional(Id),
  },
  { errorMessage: { required: { reportTypeId: 'Please select a bug report type' } } },
)
export type ReportBody = Static<typeof ReportBody>
