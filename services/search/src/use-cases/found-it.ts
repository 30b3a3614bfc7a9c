import type { UserRow } from '@bookstrut/accounts'
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { queueEvents } from '@bookstrut/analytics'
import { booksRepo } from '@bookstrut/catalogue'
import { AppError, addressKey, conflict, forbidden, nameBasedUuid, newId, notFound } from '@bookstrut/core'
import { QueueNames, type AnalyticsEvent, type FoundItAnswer, type FoundItBody } from '@bookstrut/schemas'
import * as foundItRepo from '../db/found-it.repository.js'
import type { FoundItConfirmationRow } from '../db/found-it.tables.js'
import { foundIdeaKey } from '../found-it/agreement.js'
import { networkOfAddress } from '../found-it/reader-network.js'
import { findServedSearch, keepServedSearchFor, type ServedSearch } from '../found-it/served-searches.js'
import type { SearchDeps } from './search-deps.js'

/** The limits "found it" spends (the api's rate limits, services/api/src/plugins/app/rate-limits.ts). */
export interface FoundItLimits {
  /** Counts one hit; throws 429 when the limit is already used up. */
  consume(name: 'foundItPerIp' | 'foundItPerAccount', key: string): Promise<void>
}

export interface FoundItDeps extends SearchDeps {
  redis: Redis
  limits: FoundItLimits
}

/** How long a confirmation can be taken back: long enough to notice a wrong click, short enough to stand. */
export const UNDO_SECONDS = 600

/** The event of one stored confirmation (or its withdrawal): its id is made of the row, so a retry queues it again. */
export const foundItEventId = (type: 'found_it' | 'found_it_withdrawn', rowId: string) =>
  nameBasedUuid(`bookstrut:found-it:${type}:${rowId}`)

const eventOf = (
  type: 'found_it' | 'found_it_withdrawn',
  row: FoundItConfirmationRow,
  ts: Date,
): AnalyticsEvent => ({
  id: foundItEventId(type, row.id),
  type,
  ts: ts.toISOString(),
  podcastId: row.podcast_id,
  episodeId: null,
  userId: row.user_id,
  anonymousId: null,
  // The confirmed idea, where the book stood for it: kept with the event like an impression's query, shown nowhere.
  search: { mode: 'idea', rank: row.rank, scores: [row.score], query: [row.idea] },
})

/**
 * The search the caller was served and the book's place in it. Checks cheapest first, after the rate limits
 * (per address and per account, confirming and taking back together): an unknown or expired search 404, another
 * reader's search 403 (a forged id), a book it did not list 404.
 */
async function servedBook(deps: FoundItDeps, caller: UserRow, address: string, body: FoundItBody) {
  await deps.limits.consume('foundItPerIp', addressKey(address))
  await deps.limits.consume('foundItPerAccount', caller.id)
  const search = await findServedSearch(deps.redis, deps.config.redis.prefix, body.searchId)
  if (!search) throw notFound('This search has expired. Search again to say which book you meant.')
  if (search.userId !== caller.id) throw forbidden('This search was not yours.')
  const rank = search.books.findIndex(([id]) => id === body.podcastId)
  if (rank < 0) throw notFound('This book was not among the results of this search.')
  return { search, rank, scores: search.books[rank]![1] }
}

/** The search's ideas, one per normalised key (the first wording of each), with their scores for the book. */
function ideasOf(search: ServedSearch, scores: number[]) {
  const seen = new Set<string>()
  return search.ideas.flatMap((idea, i) => {
    const key = foundIdeaKey(idea)
    if (!key || seen.has(key)) return []
    seen.add(key)
    return [{ key, idea: idea.trim(), score: scores[i] ?? 0 }]
  })
}

// Confirming and taking back the same rows are two jobs (one must not be mistaken for the other still queued).
const jobIdOf = (kind: 'add' | 'remove', bookId: string, rows: readonly FoundItConfirmationRow[]) =>
  `found-it-${kind}-${bookId}-${createHash('sha1')
    .update(rows.map((r) => r.id).join(','))
    .digest('hex')
    .slice(0, 16)}`

/** The book's agreement is weighed again by the found-it worker (idempotent; see settleFoundIdeas). */
async function queueSettle(
  deps: FoundItDeps,
  kind: 'add' | 'remove',
  bookId: string,
  rows: readonly FoundItConfirmationRow[],
) {
  await deps.queues.enqueue(QueueNames.foundIt, { podcastId: bookId }, jobIdOf(kind, bookId, rows))
}

/**
 * "This is the book I meant": stores one confirmation per idea of the served search (once per reader, book and
 * idea: a repeat keeps the stored rows), then queues their events and the book's agreement job. A request that
 * failed after storing is made whole by its retry, which finds the rows and queues the same event ids and job.
 */
export async function confirmFoundIt(
  deps: FoundItDeps,
  caller: UserRow,
  address: string,
  body: FoundItBody,
): Promise<FoundItAnswer> {
  const { search, rank, scores } = await servedBook(deps, caller, address, body)
  // Still visible to this reader (not taken down or ghosted since the search).
  const visible = await booksRepo.publicLanguages(deps.db, [body.podcastId], caller.id)
  if (!visible.has(body.podcastId)) throw notFound('Podcast not found')
  const ideas = ideasOf(search, scores)
  // Ideas of punctuation alone normalise to nothing: there is nothing to learn from such a search.
  if (ideas.length === 0) throw new AppError(422, 'VALIDATION', 'This search has no words to learn from.')
  const network = await networkOfAddress(deps.redis, deps.config.redis.prefix, address)
  const now = deps.clock.now()
  const rows = await foundItRepo.addConfirmations(
    deps.db,
    ideas.map((i) => ({
      id: newId(now.getTime()),
      userId: caller.id,
      bookId: body.podcastId,
      ideaKey: i.key,
      idea: i.idea,
      network,
      rank: rank + 1,
      score: i.score,
      now,
    })),
  )
  await queueEvents(
    deps.queues,
    rows.map((r) => eventOf('found_it', r, r.created_at)),
  )
  await queueSettle(deps, 'add', body.podcastId, rows)
  // The search stays known while the confirmation can be taken back.
  await keepServedSearchFor(deps.redis, deps.config.redis.prefix, body.searchId, UNDO_SECONDS)
  const first = Math.min(...rows.map((r) => r.created_at.getTime()))
  return { confirmed: true, undoUntil: new Date(first + UNDO_SECONDS * 1000).toISOString() }
}

/**
 * Takes a confirmation back within UNDO_SECONDS of it (409 later: by then it counts); taking back one that is not
 * there changes nothing. The withdrawal events are queued inside the transaction that removes the rows: if queueing
 * fails nothing is removed, and a retry after a failed commit finds the rows and queues the same event ids.
 */
export async function withdrawFoundIt(
  deps: FoundItDeps,
  caller: UserRow,
  address: string,
  q: FoundItBody,
): Promise<FoundItAnswer> {
  const { search, scores } = await servedBook(deps, caller, address, q)
  const mine = {
    userId: caller.id,
    bookId: q.podcastId,
    ideaKeys: ideasOf(search, scores).map((i) => i.key),
  }
  const now = deps.clock.now()
  const removed = await deps.db.transaction().execute(async (trx) => {
    const rows = await foundItRepo.confirmationsOf(trx, mine)
    if (rows.some((r) => now.getTime() - r.created_at.getTime() > UNDO_SECONDS * 1000))
      throw conflict('This confirmation can no longer be taken back.')
    const gone = await foundItRepo.removeConfirmations(trx, mine)
    await queueEvents(
      deps.queues,
      gone.map((r) => eventOf('found_it_withdrawn', r, now)),
    )
    return gone
  })
  if (removed.length > 0) await queueSettle(deps, 'remove', q.podcastId, removed)
  return { confirmed: false, undoUntil: null }
}
