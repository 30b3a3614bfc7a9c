import { sql, type ExpressionBuilder } from 'kysely'
import type { DB, DbOrTx } from '@bookstrut/core'

/*
 * Rows of the content tables (their types live in core's db/content.tables.ts, with the other tables). Services
 * (faqs.ts, blog-posts.ts, ...) map rows to the API's shapes and sanitize HTML before it reaches these functions.
 */

export function listInformationPages(db: DbOrTx, placeArea?: 'menu' | 'footer') {
  let q = db
    .selectFrom('information_pages')
    .select(['id', 'path', 'information_name', 'place_area'])
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('information_name')
  if (placeArea) q = q.where('place_area', '=', placeArea)
  return q.execute()
}

export const getSiteSettings = (db: DbOrTx) =>
  db.selectFrom('site_settings').selectAll().executeTakeFirstOrThrow()

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Rows whose `columns` contain `search` (case-insensitive), for one of the content tables. */
export const containsText =
  <T extends 'faqs' | 'blog_posts'>(columns: string[], search: string) =>
  (eb: ExpressionBuilder<DB, T>) =>
    eb.or(columns.map((c) => sql<boolean>`${sql.ref(c)} ilike ${likePattern(search)}`))
