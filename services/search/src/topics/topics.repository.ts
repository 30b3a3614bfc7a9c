import { sql } from 'kysely'
import type { DbOrTx, TopicRow } from '@bookstrut/core'

/** A topic as the refresh writes it: the idea, its readers, and its books best first with their Strut scores. */
export interface TopicSet {
  slug: string
  idea: string
  searchers: number
  books: { bookId: string; strutScore: number }[]
}

/**
 * The searched ideas with at least `minSearchers` distinct readers among searches saved since `since`, each idea
 * as the three search fields hold it, trimmed, lower case and with single spaces (what normaliseTopic also does),
 * most readers first. One reader's repeated searches count once. `networks`: the distinct networks the searches
 * were saved from (searches saved before networks were stored count none).
 */
export async function searchedIdeas(
  db: DbOrTx,
  opts: { minSearchers: number; since: Date; limit: number },
): Promise<{ idea: string; searchers: number; networks: number }[]> {
  const { rows } = await sql<{ idea: string; searchers: number; networks: number }>`
    select idea, count(distinct user_id)::int as searchers, count(distinct network)::int as networks
    from (
      select user_id, network, unnest(array[first_term, second_term, third_term]) as term
      from search_history
      where updated_at >= ${opts.since}
    ) searched
    cross join lateral (select lower(regexp_replace(trim(term), '\\s+', ' ', 'g')) as idea) normalised
    group by idea
    having count(distinct user_id) >= ${opts.minSearchers}
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
