import type { DbOrTx } from '@bookstrut/core'
import type { TopicCandidateRow } from '../db/topics.tables.js'
import { replaceTopics, type TopicSet } from '../topics/topics.repository.js'
import { approvedCandidates } from './topic-candidates.repository.js'

/** How many topics the index shows at most (the public set's size). */
export const MAX_PUBLIC_TOPICS = 24

const toTopicSet = (c: TopicCandidateRow): TopicSet => ({
  slug: c.slug,
  idea: c.idea,
  searchers: c.readers,
  books: c.books,
})

/**
 * Makes the public topic set (`topics`, `topic_books`: what the pages, the sitemap and the home page read) exactly
 * the approved candidates that have books, in one transaction. The one writer of that set: the topics job after
 * each run, and every approve or withdraw at once. Nothing pending, rejected or withdrawn is ever in it.
 */
export async function publishApproved(db: DbOrTx, now: Date): Promise<TopicSet[]> {
  const topics = (await approvedCandidates(db, MAX_PUBLIC_TOPICS)).map(toTopicSet)
  await replaceTopics(db, topics, now)
  return topics
}
