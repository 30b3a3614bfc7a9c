import type { DbOrTx } from './database.js'

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
