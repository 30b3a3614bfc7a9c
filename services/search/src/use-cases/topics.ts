import { booksRepo, toPodcast } from '@bookstrut/catalogue'
import { notFound } from '@bookstrut/core'
import type { PageTraffic, Topic, TopicSummary } from '@bookstrut/schemas'
import * as topicsRepo from '../topics/topics.repository.js'
import type { SearchDeps } from './search-deps.js'

export const TOPIC_NOT_FOUND = 'Topic not found'

/** Every topic page, in the index's order (readers first). */
export async function listTopics(deps: Pick<SearchDeps, 'db'>): Promise<TopicSummary[]> {
  return (await topicsRepo.listTopics(deps.db)).map((t) => ({
    slug: t.slug,
    idea: t.idea,
    searchers: t.searchers,
    bookCount: t.book_count,
    refreshedAt: t.refreshed_at.toISOString(),
  }))
}

/**
 * One topic with its books as an anonymous visitor sees them: a book hidden, taken down or deleted since the set was
 * made leaves the page at once (the same visibility rule as every public list), in the stored order.
 */
export async function getTopic(
  deps: Pick<SearchDeps, 'db'>,
  slug: string,
  traffic: (path: string) => Promise<PageTraffic | null>,
): Promise<Topic> {
  const topic = await topicsRepo.findTopic(deps.db, slug)
  if (!topic) throw notFound(TOPIC_NOT_FOUND)
  const stored = await topicsRepo.topicBooks(deps.db, slug)
  const scoreOf = new Map(stored.map((b) => [b.bookId, b.strutScore]))
  const rows = await booksRepo.findPublicBooksInOrder(
    deps.db,
    stored.map((b) => b.bookId),
    null,
  )
  return {
    slug: topic.slug,
    idea: topic.idea,
    searchers: topic.searchers,
    refreshedAt: topic.refreshed_at.toISOString(),
    books: rows.map((row) => ({ ...toPodcast(row), strutScore: scoreOf.get(row.id) ?? 0 })),
    traffic: await traffic(topicPath(slug)),
  }
}

/** The client's address of a topic page (what the sitemap lists and page views are counted under). */
export const topicPath = (slug: string) => `/topics/${slug}`
