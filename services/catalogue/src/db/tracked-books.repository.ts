import { sql, type SqlBool } from 'kysely'
import { actsFor, type DbOrTx } from '@bookstrut/core'
import { isPublicRow, ownerIsBlocked, type Viewer } from '../visibility.js'

/** A book events may be about: its podblurbs (episodes) and their lengths in seconds, the first one first. */
export interface TrackedBook {
  episodes: Map<string, number>
  firstEpisodeId: string | null
}

/**
 * The books among `bookIds` the viewer can see, in one query: public (visibility.ts: approved, active, listed by an
 * account that is not blocked) and not ghosted by the viewer — or the viewer's own (owners play their pending
 * listings) or any, for an admin. A book the viewer cannot see is simply absent, as an unknown id is: events about it are refused with the
 * same answer, so reporting events cannot tell whether an unpublished id exists.
 */
export async function findTrackedBooks(
  db: DbOrTx,
  bookIds: readonly string[],
  viewer: Viewer,
): Promise<Map<string, TrackedBook>> {
  const books = new Map<string, TrackedBook>()
  if (bookIds.length === 0) return books
  const rows = await db
    .selectFrom('podcasts')
    .leftJoin('episodes', 'episodes.podcast_id', 'podcasts.id')
    .select((eb) => [
      'podcasts.id as bookId',
      'podcasts.status as status',
      'podcasts.is_active as is_active',
      'podcasts.create_by as create_by',
      ownerIsBlocked(eb).as('owner_blocked'),
      'episodes.id as episodeId',
      'episodes.duration as duration',
      // Anonymous visitors have ghosted nothing.
      viewer
        ? eb
            .exists(
              eb
                .selectFrom('ghosts')
                .select('ghosts.podcast_id')
                .whereRef('ghosts.podcast_id', '=', 'podcasts.id')
                .where('ghosts.user_id', '=', viewer.id),
            )
            .as('ghosted')
        : sql<SqlBool>`false`.as('ghosted'),
    ])
    .where('podcasts.id', 'in', [...new Set(bookIds)])
    .orderBy('podcasts.id')
    .orderBy('episodes.part')
    .execute()
  for (const row of rows) {
    const visible = isPublicRow(row) && !row.ghosted
    if (!visible && !actsFor(viewer, row.create_by)) continue
    const book = books.get(row.bookId) ?? { episodes: new Map<string, number>(), firstEpisodeId: null }
    if (row.episodeId) {
      book.episodes.set(row.episodeId, Number(row.duration ?? 0))
      book.firstEpisodeId ??= row.episodeId
    }
    books.set(row.bookId, book)
  }
  return books
}
