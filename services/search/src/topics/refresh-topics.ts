import { booksRepo } from '@bookstrut/catalogue'
import type { Db } from '@bookstrut/core'
import type { RankedBook } from '../idea-ranking.js'
import { round2 } from '../strut-score.js'
import { normaliseTopic, topicRefusal, topicSlug } from './topic-text.js'
import {
  saveCandidates,
  ruledOutSlugs,
  type FoundCandidate,
} from '../moderation/topic-candidates.repository.js'
import { MAX_PUBLIC_TOPICS, publishApproved } from '../moderation/topic-queue.js'
import { searchedIdeas, type TopicSet } from './topics.repository.js'

/** An idea becomes a topic only when at least this many different readers searched for it (accounts weighed). */
export const TOPIC_MIN_SEARCHERS = 3
/** ...from at least this many networks (IPv4 /24, IPv6 /48): accounts behind one network are one place. */
export const TOPIC_MIN_NETWORKS = 3
/** Searches older than this no longer make topics. */
export const TOPIC_WINDOW_DAYS = 90
/** How many topics the index shows at most, and how many books one topic page lists. */
export const MAX_TOPICS = MAX_PUBLIC_TOPICS
export const BOOKS_PER_TOPIC = 20

export interface RefreshTopicsDeps {
  db: Db
  /** the idea search itself (the api's in-memory index): ranked books for the ideas given */
  rankIdeas: (ideas: readonly string[]) => Promise<RankedBook[]>
}

/**
 * The topics job (docs/seo.md, "Topic pages"): finds the ideas enough readers searched that pass the text rules and
 * the filter (topicRefusal), ranks each idea's books, and stores them as candidates in the moderation queue
 * (pending until an admin approves; a rejected or withdrawn slug is not even ranked again). Then the public set is
 * made again from the approved candidates (publishApproved), so what readers typed is public only once approved.
 * Nothing is written before every candidate is ranked, and the writes are one transaction: a failure (the index not
 * loaded, the database gone) keeps the last good set, and running it again with the same searches writes the same
 * rows. Answers the public set, or null when no idea qualified (nothing written: the stored set, e.g. the demo's,
 * stays).
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
  const ruledOut = await ruledOutSlugs(deps.db)
  const found: FoundCandidate[] = []
  const slugs = new Set<string>()
  for (const { idea: raw, searchers, networks } of searched) {
    if (found.length === MAX_TOPICS) break
    const idea = normaliseTopic(raw)
    const slug = topicSlug(idea)
    if (topicRefusal(idea) !== null || slug === '' || slugs.has(slug)) continue
    slugs.add(slug)
    if (ruledOut.has(slug)) continue
    const books = await booksAbout(deps, idea)
    if (books.length === 0) continue
    found.push({ slug, idea, readers: searchers, networks, books })
  }
  if (found.length === 0) return null
  return deps.db.transaction().execute(async (trx) => {
    await saveCandidates(trx, found, now)
    return publishApproved(trx, now)
  })
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
