import { Type, type Static } from '@sinclair/typebox'
import { Id, ListPageSize, PageNumber, pagedFields } from './common.js'

/** 0 pending, 1 approved, 2 rejected (spec author-and-content section 3). */
export const ListingStatus = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])
export type ListingStatus = Static<typeof ListingStatus>

/** A podblurb. The UI shows the first one of a book; the model allows more. */
export const Episode = Type.Object({
  _id: Id,
  part: Type.Integer(),
  title: Type.String(),
  fileUrl: Type.Union([Type.String(), Type.Null()], {
    description: 'URL of the MP3, served with HTTP Range',
  }),
  duration: Type.Number({ description: 'seconds, read from the file by the server' }),
  transcript: Type.Union([Type.String(), Type.Null()], { description: 'text alternative of the audio' }),
  year_published: Type.Union([Type.Integer(), Type.Null()]),
  likes: Type.Integer(),
  listeningHours: Type.Number(),
  status: ListingStatus,
  statusComment: Type.String(),
  ghostCount: Type.Integer(),
})
export type Episode = Static<typeof Episode>

/**
 * An edit of a live (approved) listing waiting for moderation, or the last one an admin rejected (issue 48): the
 * approved version stays public meanwhile. `fields` holds the changed fields by their wire names
 * (title, bookCoverImage, ...), `episode` the podblurb's (fileUrl, duration, transcript).
 */
export const PendingChanges = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('rejected')]),
  statusComment: Type.String({ description: "the admin's comment on a rejection; empty while pending" }),
  submittedAt: Type.String(),
  fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  episode: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
})
export type PendingChanges = Static<typeof PendingChanges>

/**
 * A book as the API shows it, with the spec's wire names (odd ones included). Named `Podcast` after the contract's
 * "Podcast (book) record" it mirrors, like `PagedPodcasts` and `ScoredPodcast`; code about books says book.
 */
export const Podcast = Type.Object({
  _id: Id,
  sourceId: Type.Union([Type.String(), Type.Null()], { description: 'id in the source of a bulk import' }),
  title: Type.String(),
  description: Type.String(),
  author: Type.String(),
  authorImage: Type.Union([Type.String(), Type.Null()]),
  bookCoverImage: Type.Union([Type.String(), Type.Null()]),
  createBy: Id,
  publisher: Type.String(),
  categoryName: Type.String(),
  year_published: Type.Union([Type.Integer(), Type.Null()]),
  ISBN: Type.Union([Type.String(), Type.Null()]),
  language: Type.Union([Type.String(), Type.Null()]),
  primary_key: Type.String(),
  secondary_key: Type.String(),
  additional_key: Type.String(),
  youtube_url: Type.Union([Type.String(), Type.Null()]),
  tiktok_url: Type.Union([Type.String(), Type.Null()]),
  get_this_url: Type.Union([Type.String(), Type.Null()]),
  status: ListingStatus,
  statusComment: Type.String(),
  likeFlag: Type.Boolean(),
  favoritesFlag: Type.Boolean(),
  likes: Type.Integer({
    description:
      "readers who like the book now, one each, with or without a podblurb (an episode's `likes` counts the likes given on it)",
  }),
  totalListeningCount: Type.Integer(),
  /** how many readers ghosted (hid) the title */
  ghostCount: Type.Integer(),
  createdAt: Type.String(),
  /** The 72-hour edit window for title, author, category, ideas and description ends here. */
  editableUntil: Type.String(),
  episodes: Type.Array(Episode),
  pendingChanges: Type.Optional(
    Type.Union([PendingChanges, Type.Null()], {
      description:
        'the owner and admins only: an edit of the approved version waiting for moderation (issue 48)',
    }),
  ),
})
export type Podcast = Static<typeof Podcast>

export const SinglePodcastQuery = Type.Object({ PodcastId: Id, userid: Type.Optional(Id) })
export type SinglePodcastQuery = Static<typeof SinglePodcastQuery>

export const PodcastListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  createBy: Type.Optional(Id),
  page: Type.Optional(PageNumber),
  limit: Type.Optional(ListPageSize),
})
export type PodcastListQuery = Static<typeof PodcastListQuery>

export const PagedPodcasts = Type.Object(pagedFields(Podcast))

export const UserPodcastsQuery = Type.Object({
  userId: Type.Optional(Id),
  createBy: Id,
  status: Type.Optional(ListingStatus),
})

export const HomePageQuery = Type.Object({
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  userid: Type.Optional(Id),
})
export const HomePageData = Type.Object({
  homePageMedia: Type.Union([Type.String(), Type.Null()], { description: 'featured video link' }),
  data: Type.Array(Podcast),
})

export const UpdatePodcastQuery = Type.Object({ podcastId: Id, episodeId: Type.Optional(Id) })
export type UpdatePodcastQuery = Static<typeof UpdatePodcastQuery>

/** Admin moderation: approve (1) or reject (2, with a comment shown to the owner). */
export const ModeratePodcastBody = Type.Object({
  podcastId: Id,
  status: Type.Union([Type.Literal(1), Type.Literal(2)]),
  statusComment: Type.Optional(Type.String({ maxLength: 1000 })),
})
export type ModeratePodcastBody = Static<typeof ModeratePodcastBody>

export const ModerationQueueQuery = Type.Object({
  status: Type.Optional(ListingStatus),
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
})

export const Plan = Type.Object({
  _id: Id,
  planName: Type.String(),
  description: Type.String(),
  price: Type.Number({ description: 'per month in USD; 0 = free' }),
  duration: Type.Integer({ description: 'months; -1 = lifetime / no expiry' }),
  bookLimit: Type.Integer({ description: '-1 = unlimited' }),
  status: Type.Boolean(),
})
export type Plan = Static<typeof Plan>
