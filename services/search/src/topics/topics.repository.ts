import { sql } from 'kysely'
import { ESTABLISHED_AFTER_MS, NEW_ACCOUNT_WEIGHT, type DbOrTx } from '@bookstrut/core'
import type { TopicRow } from '../db/topics.tables.js'

/** A topic as the refresh writes it: the idea, its readers, and its books best first with their Strut scores. */
export interface TopicSet {
  slug: string
  idea: string
  searchers: number
  books: { bookId: string; strutScore: number }[]
}

/**
 * The searched ideas that enough readers from enough places searched for, among searches saved since `since`, each
 * idea as the three search fields hold it, trimmed, lower case and with single spaces (what normaliseTopic also
 * does), most readers first. One person is one reader (docs/analytics.md, "Who is a reader"):
 *   - readers: each account once, weighing 1 when it was ESTABLISHED_AFTER_MS old at its latest save of the search,
 *     NEW_ACCOUNT_WEIGHT before (core reader-weight.ts); at least `minSearchers` of them;
 *   - networks: the distinct places (search_history.network, the keyed /24 or /48 of found-it) of established
 *     readers; at least `minNetworks`. A search saved before networks were kept is its reader's own place.
 * `searchers` answers the distinct accounts, `networks` the places counted.
 */
export async function searchedIdeas(
  db: DbOrTx,
  opts: { minSearchers: number; minNetworks: number; since: Date; limit: number },
): Promise<{ idea: string; searchers: number; networks: number }[]> {
  const established = sql`count(distinct user_id) filter (where established)`
  const weighted = sql`(${established} + ${NEW_ACCOUNT_WEIGHT}::float8 * (count(distinct user_id) - ${established}))`
  const networks = sql`count(distinct place) filter (where established)`
  const { rows } = await sql<{ idea: string; searchers: number; networks: number }>`
    select idea, count(distinct user_id)::int as searchers, ${networks}::int as networks
    from (
      select s.user_id, coalesce(s.network, 'u:' || s.user_id) as place,
        extract(epoch from (s.updated_at - u.created_at)) * 1000 >= ${ESTABLISHED_AFTER_MS} as established,
        unnest(array[s.first_term, s.second_term, s.third_term]) as term
      from search_history s
      join users u on u.id = s.user_id
      where s.updated_at >= ${opts.since}
    ) searched
    cross join lateral (select lower(regexp_replace(trim(term), '\\s+', ' ', 'g')) as idea) normalised
    group by idea
    having ${weighted} >= ${opts.minSearchers} and ${networks} >= ${opts.minNetworks}
    order by searchers desc, idea
    limit ${opts.limit}`.execute(db)
  return rows
}

/**
 * Replaces every topic with `topics` (in their order) in one transaction (the caller's, when given one): readers
 * see the old set or the new. Only publishApproved (moderation/topic-queue.ts) calls it: the set is the approved
 * candidates.
 */
export async function replaceTopics(db: DbOrTx, topics: readonly TopicSet[], now: Date): Promise<void> {
  const write = async (trx: DbOrTx) => {
    await trx.deleteFrom('topics').execute()
    if (topics.length === 0) return
    await trx
      .insertInto('topics')
      .values(
        topics.map((t, i) => ({
          slug: t.slug,
          idea: t.idea,
          position: i + 1,
          searchers: t.searchers,
          refreshed_at: now,
        })),
      )
      .execute()
    const books = topics.flatMap((t) =>
      t.books.map((b, i) => ({
        slug: t.slug,
        position: i + 1,
        podcast_id: b.bookId,
        strut_score: b.strutScore,
      })),
    )
    if (books.length > 0) await trx.insertInto('topic_books').values(books).execute()
  }
  if (db.isTransaction) await write(db)
  else await db.transaction().execute(write)
}

/** Every topic, in the index page's order, with the number of books stored for it. */
export const listTopics = (db: DbOrTx): Promise<(TopicRow & { book_count: number })[]> =>
  db
    .selectFrom('topics')
    .selectAll('topics')
    .select((eb) =>
      eb
        .selectFrom('topic_books')
        .whereRef('topic_books.slug', '=', 'topics.slug')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('book_count'),
    )
    .orderBy('position')
    .execute() as Promise<(TopicRow & { book_count: number })[]>

export const findTopic = (db: DbOrTx, slug: string): Promise<TopicRow | undefined> =>
  db.selectFrom('topics').selectAll().where('slug', '=', slug).executeTakeFirst()

/** A topic's books as stored, best first (the caller keeps only those still public). */
export const topicBooks = (db: DbOrTx, slug: string): Promise<{ bookId: string; strutScore: number }[]> =>
  db
    .selectFrom('topic_books')
    .select(['podcast_id as bookId', 'strut_score as strutScore'])
    .where('slug', '=', slug)
    .orderBy('position')
    .execute()
