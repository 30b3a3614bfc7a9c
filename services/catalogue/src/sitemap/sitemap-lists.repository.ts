import type { SelectQueryBuilder } from 'kysely'
import { isPublic } from '../visibility.js'
import type { DB, DbOrTx } from '@bookstrut/core'

/**
 * The catalogue's public pages for the sitemap, in a stable order so a sitemap file always holds the same slice:
 * every public book, the accounts that list them (author profiles) and the author names books carry (author
 * pages). Public means what a visitor may open: isPublic (visibility.ts), the one rule of who may see a book.
 */
export interface CatalogueRow {
  key: string
  lastmod: Date | null
}

/** A list of public pages that can be counted and read by offset. */
export interface CatalogueList {
  count(db: DbOrTx): Promise<number>
  rows(db: DbOrTx, offset: number, limit: number): Promise<CatalogueRow[]>
}

function listOf(query: (db: DbOrTx) => SelectQueryBuilder<DB, 'podcasts', CatalogueRow>): CatalogueList {
  return {
    async count(db) {
      const { n } = await db
        .selectFrom(query(db).as('list'))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(n)
    },
    rows: (db, offset, limit) => query(db).offset(offset).limit(limit).execute(),
  }
}

export const publicBooks = listOf((db) =>
  db.selectFrom('podcasts').select(['id as key', 'updated_at as lastmod']).where(isPublic).orderBy('id'),
)

export const authorProfiles = listOf((db) =>
  db
    .selectFrom('podcasts')
    .select((eb) => ['create_by as key', eb.fn.max('updated_at').as('lastmod')])
    .where(isPublic)
    .groupBy('create_by')
    .orderBy('create_by'),
)

export const authorNames = listOf((db) =>
  db
    .selectFrom('podcasts')
    .select((eb) => ['author as key', eb.fn.max('updated_at').as('lastmod')])
    .where(isPublic)
    .where('author', '<>', '')
    .groupBy('author')
    .orderBy('author'),
)
