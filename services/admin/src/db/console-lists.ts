import { sql, type SelectQueryBuilder } from 'kysely'

/** The admin console's lists (users, audit log): newest first (created_at, then id), one page of them. */
export const newestFirst = <DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  window: { limit: number; offset: number },
) =>
  q
    .orderBy(sql`created_at`, 'desc')
    .orderBy(sql`id`, 'desc')
    .limit(window.limit)
    .offset(window.offset)

/** How many rows a filtered query matches. */
export async function countOf<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Generic over the table, so TypeScript cannot see the alias on the row: read it as the plain object it is.
  const row: unknown = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()
  return Number((row as { n: unknown }).n)
}
