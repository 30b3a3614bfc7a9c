import type { UserRow } from '@bookstrut/accounts'
import { createHash } from 'node:crypto'
import { booksRepo, toPodcast } from '@bookstrut/catalogue'
import { accountWeight, newId, notFound, pageWindow, toPage, type Page } from '@bookstrut/core'
import type { AnalyticsEvent, FavoriteListQuery, Podcast, ReactionBody } from '@bookstrut/schemas'
import type { AnalyticsDeps } from '../deps.js'
import * as reactionsRepo from '../db/reactions.repository.js'
import { queueEvents } from '../queue-events.js'
import { bookForReader, withReactionFlags } from './reaction-flags.js'

/** The limit reactions spend (the api's rate limits, services/api/src/plugins/app/rate-limits.ts). */
export interface ReactionLimits {
  /** Counts one hit; throws 429 when the limit is already used up. */
  consume(name: 'reactionsPerAccount', key: string): Promise<void>
}

export interface ReactionDeps extends AnalyticsDeps {
  limits: ReactionLimits
}

type Reaction = 'like' | 'favorite'
const tableOf = { like: 'likes', favorite: 'favorites' } as const

/**
 * The event id of one reaction action: a name-based UUID (version 5 layout, SHA-1) of the action and the reaction
 * row's id. The same like (row) always gives the same `like` event, so a retried or doubled request counts once
 * (the queue's job id and the store's key are the event id); liking again after an unlike is a new row, a new event.
 */
export function reactionEventId(type: AnalyticsEvent['type'], reactionId: string): string {
  const h = createHash('sha1').update(`bookstrut:reaction:${type}:${reactionId}`).digest()
  h[6] = (h[6]! & 0x0f) | 0x50
  h[8] = (h[8]! & 0x3f) | 0x80
  const x = h.subarray(0, 16).toString('hex')
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`
}

/** The podblurb a reaction is about: the one named (it must be the title's), else the title's first. */
function episodeOf(book: Podcast, episodeId: string | undefined): string | null {
  if (episodeId === undefined) return book.episodes[0]?._id ?? null
  if (!book.episodes.some((e) => e._id === episodeId)) throw notFound('Episode not found for this podcast')
  return episodeId
}

const eventOf = (
  type: AnalyticsEvent['type'],
  row: { id: string; user_id: string; podcast_id: string; episode_id: string | null },
  ts: Date,
): AnalyticsEvent => ({
  id: reactionEventId(type, row.id),
  type,
  ts: ts.toISOString(),
  podcastId: row.podcast_id,
  episodeId: row.episode_id,
  userId: row.user_id,
  anonymousId: null,
})

/**
 * The event of a like or favourite: one per reader, title and UTC day (docs/analytics.md, "What counts once"). Its
 * id is made of the reader, title and day, its time is the day's first like: liking, unliking and liking again the
 * same day queues this very event again, which counts once in the series and the ranking.
 */
export const dailyReactionEventId = (kind: Reaction, userId: string, bookId: string, day: Date) =>
  reactionEventId(kind, `day:${userId}:${bookId}:${day.toISOString().slice(0, 10)}`)

const dailyEventOf = (
  kind: Reaction,
  row: { user_id: string; podcast_id: string; episode_id: string | null },
  firstAt: Date,
): AnalyticsEvent => ({
  ...eventOf(kind, { ...row, id: '' }, firstAt),
  id: dailyReactionEventId(kind, row.user_id, row.podcast_id, firstAt),
})

/**
 * `userid` was checked by the route (the caller's own, or an admin's acting for it); the rate limit is the caller's.
 *
 * Likes or favourites a title the reader can see; once per reader and title. The reaction is stored (and a like
 * raises the episode's `likes`) first, with the day's first reaction of the reader to the title, then the day's
 * event is queued: a repeat finds the stored rows and queues the same event again, which counts once; a request
 * that failed after storing is made whole by its retry. The event carries the sender's `network` (the day's keyed
 * hash, anonymous-id.ts) and the caller's account weight: the Top 20 caps both (docs/analytics.md).
 */
export async function addReaction(
  deps: ReactionDeps,
  caller: UserRow,
  kind: Reaction,
  body: ReactionBody,
  network: string,
): Promise<void> {
  await deps.limits.consume('reactionsPerAccount', caller.id)
  const book = await bookForReader(deps, body.podcastid, caller)
  const episodeId = episodeOf(book, body.episodeId)
  const now = deps.clock.now()
  const { row, firstAt } = await deps.db.transaction().execute(async (trx) => {
    const { row } = await reactionsRepo.addReaction(trx, tableOf[kind], {
      id: newId(now.getTime()),
      userId: body.userid,
      bookId: book._id,
      episodeId,
      now,
    })
    // An earlier reaction (a repeat) belongs to the day it was made on, not today.
    const firstAt = await reactionsRepo.firstReactionOfDay(trx, {
      kind,
      userId: row.user_id,
      bookId: row.podcast_id,
      now: row.created_at,
    })
    return { row, firstAt }
  })
  const weight = accountWeight(caller.created_at, now)
  await queueEvents(deps.queues, [{ ...dailyEventOf(kind, row, firstAt), network, weight }])
}

/**
 * Removes a like or favourite; removing one that is not there changes nothing (idempotent, 200). The event is
 * queued inside the transaction that removes the row: if queueing fails nothing is removed and the retry does it
 * all again; if the commit fails after queueing, the row is still there and the retry queues the same event id.
 */
export async function removeReaction(
  deps: ReactionDeps,
  caller: UserRow,
  kind: Reaction,
  q: { userid: string; podcastid: string },
): Promise<void> {
  await deps.limits.consume('reactionsPerAccount', caller.id)
  // Unknown titles are a 404; a reaction to a title no longer public can still be taken back.
  if (!(await booksRepo.findBook(deps.db, q.podcastid))) throw notFound('Podcast not found')
  const now = deps.clock.now()
  await deps.db.transaction().execute(async (trx) => {
    const removed = await reactionsRepo.removeReaction(trx, tableOf[kind], q.userid, q.podcastid)
    if (removed) await queueEvents(deps.queues, [eventOf(`un${kind}`, removed, now)])
  })
}

/** A reader's favourite titles (public ones), latest first, with the reader's own flags. */
export async function listFavorites(
  deps: Pick<AnalyticsDeps, 'db'>,
  query: FavoriteListQuery,
): Promise<Page<Podcast>> {
  const window = pageWindow(query.page ?? 1, query.limit ?? 10)
  const { rows, total } = await reactionsRepo.listFavorites(
    deps.db,
    query.userId,
    window.offset,
    window.limit,
  )
  const books = (await booksRepo.withEpisodes(deps.db, rows)).map(toPodcast)
  // The flags are the list owner's: an admin looking at a reader's favourites sees that reader's.
  const flagged = await withReactionFlags(deps, query.userId, books)
  return toPage(flagged, total, window)
}
