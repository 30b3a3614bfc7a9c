import { booksRepo } from '@bookstrut/catalogue'
import type { Db } from '@bookstrut/core'
import type { RankedBook } from '../idea-ranking.js'
import { round2 } from '../strut-score.js'
import { normaliseTopic, topicRefusal, topicSlug } from './topic-text.js'
import { replaceTopics, searchedIdeas, type TopicSet } from './topics.repository.js'

/** An idea becomes a topic only when at least this many different readers searched for it (accounts weighed). */
export const TOPIC_MIN_SEARCHERS = 3
/** ...from at least this many networks (IPv4 /24, IPv6 /48): accounts behind one network are one place. */
export const TOPIC_MIN_NETWORKS = 3
/** Searches older than this no longer make topics. */
export const TOPIC_WINDOW_DAYS = 90
/** How many topics the index shows at most, and how many books one topic page lists. */
export const MAX_TOPICS = 24
export const BOOKS_PER_TOPIC = 20

export interface RefreshTopicsDeps {
  db: Db
  /** the idea search itself (the api's in-memory index): ranked books for the ideas given */
  rankIdeas: (ideas: readonly string[]) => Promise<RankedBook[]>
}

/**
 * Makes the topic set afresh from the saved searches and the idea search, then replaces the stored set in one
 * transaction. Nothing is written before every topic is ranked, so a failure (the index not loaded, the database
 * gone) keeps the last good set, and running it again with the same searches writes the same set: a retry or a
 * second worker counts nothing twice. When no idea qualifies (a fresh site) the stored set, e.g. the demo's, stays.
 */
export async function refreshTopics(deps: RefreshTopicsDeps, now: Date): Promise<TopicSet[] | null> {
  const since = new Date(now.getTime() - TOPIC_WINDOW_DAYS * 86_400_000)
  // Room for ideas refused below without a second query.
  const searched = await searchedIdeas(deps.db, {
    minSearchers: TOPIC_MIN_SEARCHERS,
    minNetworks: TOPIC_MIN_NETWORKS,
    since,
    limit: MAX_TOPICS * 4,
  })
  const topics: TopicSet[] = []
  const slugs = new Set<string>()
  for (const { idea: raw, searchers } of searched) {
    if (topics.length === MAX_TOPICS) break
    const idea = normaliseTopic(raw)
    const slug = topicSlug(idea)
    if (topicRefusal(idea) !== null || slug === '' || slugs.has(slug)) continue
    const books = await booksAbout(deps, idea)
    if (books.length === 0) continue
    slugs.add(slug)
    topics.push({ slug, idea, searchers, books })
  }
  if (topics.length === 0) return null
  await replaceTopics(deps.db, topics, now)
  return topics
}

/** The public books the idea search finds for one idea, best first, with their Strut score for it. */
async function booksAbout(deps: RefreshTopicsDeps, idea: string) {
  const ranked = await deps.rankIdeas([idea])
  const visible = await booksRepo.publicLanguages(
    deps.db,
    ranked.map((r) => r.bookId),
    null,
  )
  return ranked
    .filter((r) => visible.has(r.bookId))
    .slice(0, BOOKS_PER_TOPIC)
    .map((r) => ({ bookId: r.bookId, strutScore: round2(r.scores.ideas[0] ?? 0) }))
}
