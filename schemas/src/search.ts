import { Type, type Static } from '@sinclair/typebox'
import { Id, ListPageSize, PageNumber, pagedFields, UserListQuery } from './common.js'
import { Podcast } from './books.js'

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
    limit: Type.Optional(ListPageSize),
    userid: Type.Optional(Id),
  },
  { errorMessage: { required: { query: 'Please enter your search query.' } } },
)
export type SurfaceSearchQuery = Static<typeof SurfaceSearchQuery>

/** Ghosting: a reader hides a title from their own results (spec reader-and-account sections 4 and 7). */
export const GhostBody = Type.Object({ userId: Id, podcastId: Id, episodeId: Type.Optional(Id) })
export type GhostBody = Static<typeof GhostBody>
export const GhostListQuery = UserListQuery
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

/** The longest idea we score: well past the spec's 7-12 (or 24) word guidance, short of an absurd paste. */
export const MAX_IDEA_LENGTH = 300

const ideaField = (n: number) =>
  Type.String({
    pattern: '\\S',
    maxLength: MAX_IDEA_LENGTH,
    description: `Idea #${n}: one sentence, ideally 7-12 words`,
    errorMessage: {
      pattern: 'Idea #1 , Idea #2, and Idea #3 are required fields.',
      maxLength: `Idea #${n} is too long: keep each idea under ${MAX_IDEA_LENGTH} characters.`,
    },
  })

/**
 * Idea ("structured") search: three ideas, ranked by Strut scores. The spec's client also sends status,
 * isActive and noViewCont: only approved, active titles are searched anyway, so they are ignored.
 */
export const IdeaSearchQuery = Type.Object(
  {
    firstField: ideaField(1),
    secondField: ideaField(2),
    thirdField: ideaField(3),
    page: Type.Optional(PageNumber),
    limit: Type.Optional(ListPageSize),
    language: Type.Optional(
      Type.String({
        maxLength: 35,
        description: "the reader's browser language (e.g. en-US): books in it rank first among equals",
      }),
    ),
    userid: Type.Optional(Id),
  },
  {
    errorMessage: {
      required: {
        firstField: 'Idea #1 , Idea #2, and Idea #3 are required fields.',
        secondField: 'Idea #1 , Idea #2, and Idea #3 are required fields.',
        thirdField: 'Idea #1 , Idea #2, and Idea #3 are required fields.',
      },
    },
  },
)
export type IdeaSearchQuery = Static<typeof IdeaSearchQuery>

/** A listing with its Strut scores: `ideaScore` is `[{"<idea 1>": s1}, {"<idea 2>": s2}, {"<idea 3>": s3}, {"bonusScore": b}]`. */
export const ScoredPodcast = Type.Intersect([
  Podcast,
  Type.Object({
    hellaScore: Type.Number({ description: 'the sum of the three idea scores and bonusScore, 2 decimals' }),
    ideaScore: Type.Array(Type.Record(Type.String(), Type.Number()), {
      description: 'one single-entry object per idea (its text -> 0-100 score), then {"bonusScore": b}',
    }),
  }),
])
export type ScoredPodcast = Static<typeof ScoredPodcast>

export const PagedScoredPodcasts = Type.Object({
  ...pagedFields(ScoredPodcast),
  searchId: Type.Optional(
    Type.String({
      pattern: '^[0-9a-f]{32}$',
      description:
        'signed-in readers only: this search as the server served it, for POST /found-it ("This is the book I ' +
        'meant"); the same for every page of one search, kept an hour after its last page 1',
    }),
  ),
})

/** Saved searches (search history): the spec spells the fields this way. */
export const SearchHistoryItem = Type.Object({
  _id: Id,
  userId: Id,
  fistKeyWord: Type.String(),
  secondKeyWord: Type.String(),
  thirdKeyWord: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type SearchHistoryItem = Static<typeof SearchHistoryItem>
