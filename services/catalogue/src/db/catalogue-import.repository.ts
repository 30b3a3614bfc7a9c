import { sql } from 'kysely'
import type { NewUser, UserRow } from '@bookstrut/accounts'
import type { DbOrTx, NewEpisode, NewBook, ImportedMediaTable } from '@bookstrut/core'

/** Books joined with their first podblurb (part 1), when they have one. */
const withFirstEpisode = (db: DbOrTx) =>
  db
    .selectFrom('podcasts')
    .leftJoin('episodes', (j) =>
      j.onRef('episodes.podcast_id', '=', 'podcasts.id').on('episodes.part', '=', 1),
    )

/** What an imported book already holds in the store, read (and locked) before it is overwritten. */
export interface ExistingImport {
  id: string
  source_id: string
  book_cover_image: string | null
  episode_file_url: string | null
}

/**
 * Locks the imported books with these source ids and returns their stored media, so that files an update
 * replaces can be deleted once the update has committed. Call inside the transaction that upserts them.
 */
export async function lockBySourceIds(db: DbOrTx, sourceIds: readonly string[]): Promise<ExistingImport[]> {
  if (sourceIds.length === 0) return []
  const rows = await withFirstEpisode(db)
    .select([
      'podcasts.id',
      'podcasts.source_id',
      'podcasts.book_cover_image',
      'episodes.file_url as episode_file_url',
    ])
    .where('podcasts.source_id', 'in', sourceIds)
    .forUpdate('podcasts')
    .execute()
  return rows.flatMap((r) => (r.source_id === null ? [] : [{ ...r, source_id: r.source_id }]))
}

/** A stored book's current cover and podblurb, with the source hashes they were imported from (if they were). */
export interface CurrentImportMedia {
  source_id: string
  book_cover_image: string | null
  cover_sha256: string | null
  episode_file_url: string | null
  episode_duration: number | null
  audio_sha256: string | null
}

/**
 * The current media of the imported books with these source ids. A hash is only returned while the book still
 * shows the file that hash was stored as (an edit in the app replaces the file and so breaks the match).
 */
export async function currentMedia(db: DbOrTx, sourceIds: readonly string[]): Promise<CurrentImportMedia[]> {
  if (sourceIds.length === 0) return []
  const rows = await withFirstEpisode(db)
    .leftJoin('imported_media as cover', (j) =>
      j
        .onRef('cover.source_id', '=', 'podcasts.source_id')
        .on('cover.kind', '=', 'cover')
        .onRef('cover.url', '=', 'podcasts.book_cover_image'),
    )
    .leftJoin('imported_media as audio', (j) =>
      j
        .onRef('audio.source_id', '=', 'podcasts.source_id')
        .on('audio.kind', '=', 'audio')
        .onRef('audio.url', '=', 'episodes.file_url'),
    )
    .select([
      'podcasts.source_id',
      'podcasts.book_cover_image',
      'cover.sha256 as cover_sha256',
      'episodes.file_url as episode_file_url',
      'episodes.duration as episode_duration',
      'audio.sha256 as audio_sha256',
    ])
    .where('podcasts.source_id', 'in', sourceIds)
    .execute()
  return rows.flatMap((r) => (r.source_id === null ? [] : [{ ...r, source_id: r.source_id }]))
}

/** Records which source file each newly stored cover or podblurb came from. */
export async function recordImportedMedia(db: DbOrTx, rows: readonly ImportedMediaTable[]): Promise<void> {
  if (rows.length === 0) return
  await db
    .insertInto('imported_media')
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['source_id', 'kind']).doUpdateSet((eb) => ({
        sha256: eb.ref('excluded.sha256'),
        url: eb.ref('excluded.url'),
      })),
    )
    .execute()
}

/**
 * Inserts imported books, or updates the ones whose source id is already stored (one statement per batch).
 * An update keeps the id, creation time, status, moderation comment and the fields an import does not carry
 * (publisher, ISBN, links, author image); a missing cover keeps the stored one.
 */
export async function upsertBySourceId(
  db: DbOrTx,
  rows: readonly NewBook[],
): Promise<Array<{ id: string; source_id: string | null; inserted: boolean }>> {
  if (rows.length === 0) return []
  return (
    db
      .insertInto('podcasts')
      .values([...rows])
      .onConflict((oc) =>
        oc.column('source_id').doUpdateSet((eb) => ({
          create_by: eb.ref('excluded.create_by'),
          title: eb.ref('excluded.title'),
          author: eb.ref('excluded.author'),
          category_name: eb.ref('excluded.category_name'),
          description: eb.ref('excluded.description'),
          primary_key: eb.ref('excluded.primary_key'),
          secondary_key: eb.ref('excluded.secondary_key'),
          additional_key: eb.ref('excluded.additional_key'),
          year_published: eb.ref('excluded.year_published'),
          language: eb.ref('excluded.language'),
          book_cover_image: eb.fn.coalesce('excluded.book_cover_image', 'podcasts.book_cover_image'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      // xmax is 0 on a freshly inserted row version and set on an updated one.
      .returning(['id', 'source_id', sql<boolean>`(xmax = 0)`.as('inserted')])
      .execute()
  )
}

/** Inserts or replaces the first podblurb (part 1) of each book; likes and listening hours are kept. */
export async function upsertFirstEpisodes(db: DbOrTx, rows: readonly NewEpisode[]): Promise<void> {
  if (rows.length === 0) return
  await db
    .insertInto('episodes')
    .values(rows.map((r) => ({ ...r, part: 1 })))
    .onConflict((oc) =>
      oc.columns(['podcast_id', 'part']).doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'),
        file_url: eb.ref('excluded.file_url'),
        duration: eb.ref('excluded.duration'),
        transcript: eb.ref('excluded.transcript'),
        year_published: eb.ref('excluded.year_published'),
      })),
    )
    .execute()
}

/**
 * The account imported books belong to: inserted when the address is free, else the existing account is
 * returned unchanged (no select-then-insert race between two importers).
 */
export async function findOrInsertUser(
  db: DbOrTx,
  user: NewUser,
): Promise<{ user: UserRow; created: boolean }> {
  const email = user.email.toLowerCase()
  const inserted = await db
    .insertInto('users')
    .values({ ...user, email })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst()
  if (inserted) return { user: inserted, created: true }
  const existing = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return { user: existing, created: false }
}
