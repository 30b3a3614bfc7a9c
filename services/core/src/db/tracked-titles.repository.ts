import type { DbOrTx } from './database.js'

/** A title events may be about: its podblurbs (episodes) and their lengths in seconds, the first one first. */
export interface TrackedTitle {
  episodes: Map<string, number>
  firstEpisodeId: string | null
}

/** The titles among `podcastIds` that exist (any state: owners play their pending listings too), in one query. */
export async function findTrackedTitles(
  db: DbOrTx,
  podcastIds: readonly string[],
): Promise<Map<string, TrackedTitle>> {
  const titles = new Map<string, TrackedTitle>()
  if (podcastIds.length === 0) return titles
  const rows = await db
    .selectFrom('podcasts')
    .leftJoin('episodes', 'episodes.podcast_id', 'podcasts.id')
    .select(['podcasts.id as podcastId', 'episodes.id as episodeId', 'episodes.duration as duration'])
    .where('podcasts.id', 'in', [...new Set(podcastIds)])
    .orderBy('podcasts.id')
    .orderBy('episodes.part')
    .execute()
  for (const row of rows) {
    const title = titles.get(row.podcastId) ?? { episodes: new Map<string, number>(), firstEpisodeId: null }
    if (row.episodeId) {
      title.episodes.set(row.episodeId, Number(row.duration ?? 0))
      title.firstEpisodeId ??= row.episodeId
    }
    titles.set(row.podcastId, title)
  }
  return titles
}
