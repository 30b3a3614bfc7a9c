import { notFound } from '@bookstrut/core'
import { pageWindow, toPage, type Page } from '@bookstrut/core'
import type { Shelf, ShelfCounts, ShelfPlace, ShelveBody } from '@bookstrut/schemas'
import type { LibraryDeps } from './library-deps.js'
import { libraryDb } from './library.tables.js'
import { checkShelfDates } from './shelf-dates.js'
import { queueShelfEvents, shelfEventOf } from './shelf-events.js'
import * as shelvesRepo from './shelves.repository.js'
import type { ShelfEntry } from './shelves.repository.js'

/*
 * A reader's shelves. Every function takes the reader's id already checked against the caller by the route's access
 * policy (the caller's own, nobody else's: not even an admin's), and spends the reader's rate limit first.
 */

export const bookNotShelvable = () => notFound('Book not found')

export const toShelfPlace = (e: ShelfEntry): ShelfPlace => ({
  bookId: e.book_id,
  shelf: e.shelf,
  startedOn: e.started_on,
  finishedOn: e.finished_on,
  shelvedAt: e.updated_at.toISOString(),
  importId: e.import_id,
})

/**
 * Puts a book the public may see on one of the reader's shelves (off any other), with the reader's dates. A book
 * that is unknown, pending, rejected or hidden answers 404 and nothing is stored. Once stored, the shelving event is
 * queued: one id per reader, book and shelf, so a repeat or a retry after a failed queue counts once.
 */
export async function shelveBook(deps: LibraryDeps, body: ShelveBody): Promise<ShelfPlace> {
  await deps.limits.consume('shelfWritesPerAccount', body.userId)
  const now = deps.clock.now()
  const dates = checkShelfDates(body.shelf, body.startedOn ?? null, body.finishedOn ?? null, now)
  const db = libraryDb(deps.db)
  if (!(await shelvesRepo.isShelvable(db, body.bookId))) throw bookNotShelvable()
  const entry = await shelvesRepo.putOnShelf(
    db,
    { userId: body.userId, bookId: body.bookId, shelf: body.shelf, ...dates },
    now,
  )
  await queueShelfEvents(deps.queues, [
    shelfEventOf({ userId: body.userId, bookId: body.bookId, shelf: body.shelf }, now),
  ])
  return toShelfPlace(entry)
}

/** Takes a book off the reader's shelves; one that is on none changes nothing (200 all the same). */
export async function unshelveBook(deps: LibraryDeps, userId: string, bookId: string): Promise<void> {
  await deps.limits.consume('shelfWritesPerAccount', userId)
  await shelvesRepo.takeOffShelf(libraryDb(deps.db), userId, bookId)
}

/** Where a book sits in the reader's library, or null. */
export async function placeOfBook(
  deps: LibraryDeps,
  userId: string,
  bookId: string,
): Promise<ShelfPlace | null> {
  await deps.limits.consume('shelfReadsPerAccount', userId)
  const entry = await shelvesRepo.findEntry(libraryDb(deps.db), userId, bookId)
  return entry ? toShelfPlace(entry) : null
}

/** One page of one shelf (latest first): the places; the api shows each with its book. */
export async function shelfPage(
  deps: LibraryDeps,
  q: { userId: string; shelf: Shelf; page?: number | undefined; limit?: number | undefined },
): Promise<Page<ShelfPlace>> {
  await deps.limits.consume('shelfReadsPerAccount', q.userId)
  const window = pageWindow(q.page ?? 1, q.limit ?? 10)
  const { rows, total } = await shelvesRepo.listShelf(
    libraryDb(deps.db),
    q.userId,
    q.shelf,
    window.offset,
    window.limit,
  )
  return toPage(rows.map(toShelfPlace), total, window)
}

export async function shelfCounts(deps: LibraryDeps, userId: string): Promise<ShelfCounts> {
  await deps.limits.consume('shelfReadsPerAccount', userId)
  return shelvesRepo.countShelves(libraryDb(deps.db), userId)
}
