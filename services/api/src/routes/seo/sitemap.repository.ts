import { podcastsRepo, type DbOrTx } from '@bookstrut/core'

/**
 * The catalogue's public pages for the sitemap, in a stable order so a sitemap file always holds the same slice:
 * every public book, the accounts that list them (author profiles) and the author names books carry (author
 * pages). Public means what a visitor may open: podcastsRepo.isPublic, the one visibility rule.
 */
export interface CatalogueRow {
  key: string
  lastmod: Date | null
}

export const countPublicBooks = async (db: DbOrTx) =>
  Number(
    (
      await db
        .selectFrom('podcasts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(podcastsRepo.isPublic)
        .executeTakeFirstOrThrow()
    ).n,
  )

export const publicBooks = (db: DbOrTx, offset: number, limit: number): Promise<CatalogueRow[]> =>
  db
    .selectFrom('podcasts')
    .select(['id as key', 'updated_at as lastmod'])
    .where(podcastsRepo.isPublic)
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute()

const ownersOfPublicBooks = (db: DbOrTx) =>
  db
    .selectFrom('podcasts')
    .select((eb) => ['create_by as key', eb.fn.max('updated_at').as('lastmod')])
    .where(podcastsRepo.isPublic)
    .groupBy('create_by')

export const countAuthorProfiles = async (db: DbOrTx) =>
  Number(
    (
      await db
        .selectFrom(ownersOfPublicBooks(db).as('o'))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

export const authorProfiles = (db: DbOrTx, offset: number, limit: number): Promise<CatalogueRow[]> =>
  ownersOfPublicBooks(db).orderBy('create_by').offset(offset).limit(limit).execute()

const authorNames = (db: DbOrTx) =>
  db
    .selectFrom('podcasts')
    .select((eb) => ['author as key', eb.fn.max('updated_at').as('lastmod')])
    .where(podcastsRepo.isPublic)
    .where('author', '<>', '')
    .groupBy('author')

export const countAuthorNames = async (db: DbOrTx) =>
  Number(
    (
      await db
        .selectFrom(authorNames(db).as('a'))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

export const authorNamePages = (db: DbOrTx, offset: number, limit: number): Promise<CatalogueRow[]> =>
  authorNames(db).orderBy('author').offset(offset).limit(limit).execute()
