import { sql, type Selectable, type SelectQueryBuilder } from 'kysely'
import { pageWindow, toPage, type DB, type Page } from '@bookstrut/core'

/** Who reads: admins see inactive entries too (the editors), everyone else only active ones. */
export interface Viewer {
  admin: boolean
}

/**
 * The `is_active` values a list may show: an admin's `isActive` filter as asked (none = both); for anyone else
 * only active entries, and nothing at all when they ask for inactive ones.
 */
export function activeValues(isActive: boolean | undefined, viewer: Viewer): boolean[] {
  if (viewer.admin) return isActive === undefined ? [true, false] : [isActive]
  return isActive === false ? [] : [true]
}

/** 24 hexadecimal characters: an id (spec: anything else is a slug). */
export const looksLikeId = (value: string) => /^[0-9a-f]{24}$/i.test(value)

export type ContentTable = 'faqs' | 'blog_posts'

/**
 * One page of a content list: the rows of `base` (already filtered) in `column` order (ties by id, the same way),
 * with the total count, each row shaped by `toItem`.
 */
export async function listPage<T extends ContentTable, Item>(
  base: SelectQueryBuilder<DB, T, object>,
  order: { column: string; direction: 'asc' | 'desc' },
  q: { page?: number; limit?: number },
  toItem: (row: Selectable<DB[T]>) => Item,
): Promise<Page<Item>> {
  const w = pageWindow(q.page ?? 1, q.limit ?? 10)
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql.ref(order.column), order.direction)
      .orderBy(sql.ref('id'), order.direction)
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  // selectAll() on a generic table: kysely cannot name the row type itself.
  return toPage((rows as unknown as Selectable<DB[T]>[]).map(toItem), Number(count.n), w)
}

/** An empty page, as `listPage` would answer it. */
export const emptyPage = <Item>(q: { page?: number; limit?: number }): Page<Item> =>
  toPage([], 0, pageWindow(q.page ?? 1, q.limit ?? 10))
