import { Type, type Static } from '@sinclair/typebox'
import { Podcast } from './books.js'

/**
 * "Books about <idea>" topic pages (docs/seo.md, "Topic pages"): ideas several readers searched for, with the books
 * the idea search finds for them.
 */

/** A topic's address: lower-case words of letters and digits joined by single hyphens, as the topics job makes it. */
export const TopicSlug = Type.String({
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  minLength: 1,
  maxLength: 80,
  description: 'the topic address, e.g. `time-travel`',
})
export const TopicParams = Type.Object({ slug: TopicSlug })
export type TopicParams = Static<typeof TopicParams>

/** Views of a topic page (page-view events), when the analytics store answers; null while it does not. */
export const PageTraffic = Type.Object({
  views7d: Type.Integer({ minimum: 0 }),
  views30d: Type.Integer({ minimum: 0 }),
})
export type PageTraffic = Static<typeof PageTraffic>

export const TopicSummary = Type.Object({
  slug: TopicSlug,
  /** the idea, normalised (lower case, single spaces): never one reader's text as typed */
  idea: Type.String(),
  /** distinct readers who searched for it when the set was made */
  searchers: Type.Integer({ minimum: 0 }),
  bookCount: Type.Integer({ minimum: 0 }),
  refreshedAt: Type.String({ format: 'date-time' }),
})
export type TopicSummary = Static<typeof TopicSummary>

/** A book on a topic page: the book as every list shows it, and its Strut score (0-100) for the topic's idea. */
export const TopicBook = Type.Intersect([
  Podcast,
  Type.Object({ strutScore: Type.Number({ minimum: 0, maximum: 100 }) }),
])
export type TopicBook = Static<typeof TopicBook>

export const Topic = Type.Object({
  slug: TopicSlug,
  idea: Type.String(),
  searchers: Type.Integer({ minimum: 0 }),
  refreshedAt: Type.String({ format: 'date-time' }),
  books: Type.Array(TopicBook),
  traffic: Type.Union([PageTraffic, Type.Null()]),
})
export type Topic = Static<typeof Topic>
