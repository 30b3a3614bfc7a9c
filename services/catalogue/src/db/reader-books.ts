import type { DbOrTx, BookRow } from '@bookstrut/core'
import { isPublic } from '../visibility.js'

/** The tables that pair a reader with books, each row with `user_id`, `podcast_id` and `created_at`. */
export type ReaderBooksTable = 'ghosts' | 'favorites' | 'likes'

/**
 * A page of a reader's books in `table` (ghosted, favourite…), most recently added first, and their total;
 * `publicOnly` leaves out listings the public does not see.
 */
export async function readerBooks(
  db: DbOrTx,
  table: ReaderBooksTable,
  userId: string,
  page: { offset: number; limit: number },
  opts: { publicOnly: boolean },
): Promise<{ rows: BookRow[]; total: number }> {
  // Typed as ghosts: the three tables have the columns read here under the same names and types.
  const t = table as 'ghosts'
  let base = db
    .selectFrom(t)
    .innerJoin('podcasts', 'podcasts.id', `${t}.podcast_id`)
    .where(`${t}.user_id`, '=', userId)
  if (opts.publicOnly) base = base.where(isPublic)
  const [rows, count] = await Promise.all([
    base
      .selectAll('podcasts')
      .orderBy(`${t}.created_at`, 'desc')
      .orderBy('podcasts.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}
