import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { AnalyticsStore } from '../analytics-store.js'
import { SQL_READER_WINDOW } from '../counting-rules.js'
import { sqlNumber, sqlString, sqlTime } from '../sql-literals.js'
import { CountCell, toCount, type TimeRange } from './time-range.js'

/**
 * The Strut score from which a reader's idea counts as a strong match for a book: 70 is a cosine of about 0.47
 * with the default calibration (services/search/src/strut-score.ts), well above the relevance floor (25) and the
 * median of a real answer's best idea (about 0.36, a score of 38).
 */
export const STRONG_MATCH_SCORE = 70

/** Words shorter than this ("a", "the", "of") say nothing about which idea a reader meant. */
const MIN_WORD_LENGTH = 4

/**
 * The content words of an idea, lower-cased, as ClickHouse's `extractAll(lower(q), '[a-z0-9]+')` cuts a typed
 * idea: the two sides of the comparison must be cut alike. Letters outside a-z are separators on both sides.
 */
export function ideaWords(idea: string): string[] {
  const words = idea.toLowerCase().match(/[a-z0-9]+/g) ?? []
  return [...new Set(words.filter((w) => w.length >= MIN_WORD_LENGTH))]
}

const Row = Type.Object({ idea: Type.Number(), n: CountCell })

/**
 * "Idea Hits" of a book: for each of its own ideas, how many idea-search impressions of the book had a reader's
 * idea that both scored a strong match (Strut score ≥ STRONG_MATCH_SCORE) and shares at least one content word
 * with that idea of the book. Counted once per searcher and half-hour window for each book idea (counting-rules.ts:
 * searching again adds nothing), and an impression can count for several of the book's ideas when the reader's
 * ideas touch several. Answers one count per idea, in the order
 * given; an idea without content words counts 0.
 */
export async function bookIdeaHits(
  store: AnalyticsStore,
  bookId: string,
  ideas: readonly string[],
  range: TimeRange,
): Promise<number[]> {
  const words = ideas.map(ideaWords)
  const counted = words.flatMap((w, i) => (w.length > 0 ? [{ index: i, words: w }] : []))
  if (counted.length === 0) return ideas.map(() => 0)
  // One column per book idea: does one of the reader's ideas (query[k] with scores[k]) hit it?
  const hits = counted.map(
    (c) =>
      `arrayExists((q, s) -> s >= ${sqlNumber(STRONG_MATCH_SCORE)} AND ` +
      `hasAny(extractAll(lower(q), '[a-z0-9]+'), [${c.words.map(sqlString).join(', ')}]), ` +
      `search_query, arraySlice(search_scores, 1, length(search_query)))`,
  )
  const rows = await store.select(`
    SELECT idea, uniqExact(reader_window) AS n
    FROM (
      SELECT ${SQL_READER_WINDOW} AS reader_window, arrayJoin(arrayFilter(i -> i >= 0, [${hits.map((h, k) => `if(${h}, ${counted[k]!.index}, -1)`).join(', ')}])) AS idea
      FROM events
      WHERE podcast_id = ${sqlString(bookId)} AND type = 'impression' AND search_mode = 'idea'
        AND ts >= ${sqlTime(range.from)} AND ts < ${sqlTime(range.to)}
    )
    GROUP BY idea
    ORDER BY idea`)
  const byIdea = new Map<number, number>()
  for (const raw of rows) if (Value.Check(Row, raw)) byIdea.set(raw.idea, toCount(raw.n))
  return ideas.map((_, i) => byIdea.get(i) ?? 0)
}
