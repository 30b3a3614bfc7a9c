import { conflict, newId, notFound, pageWindow, toPage, type Page } from '@bookstrut/core'
import {
  IMPORT_OUTCOMES,
  QueueNames,
  type ImportOutcome,
  type ImportRow,
  type ImportRowsQuery,
  type LibraryImport,
} from '@bookstrut/schemas'
import type { LibraryDeps } from '../library-deps.js'
import { libraryDb, type LibraryImportRow } from '../library.tables.js'
import { queueShelfEvents, shelfEventOf } from '../shelf-events.js'
import * as importsRepo from './imports.repository.js'
import { matchRows } from './match-rows.js'
import { readExport } from './read-export.js'

const importNotFound = () => notFound('Import not found')

export const importJobId = (importId: string) => `library-import-${importId}`

function toLibraryImport(
  row: LibraryImportRow,
  counts: Partial<Record<ImportOutcome, number>>,
): LibraryImport {
  return {
    _id: row.id,
    source: row.source,
    status: row.status,
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    shelvedRows: row.shelved_rows,
    outcomes: Object.fromEntries(
      IMPORT_OUTCOMES.map((o) => [o, counts[o] ?? 0]),
    ) as LibraryImport['outcomes'],
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    undoneAt: row.undone_at?.toISOString() ?? null,
  }
}

/** The reader's own import, or 404 (another reader's import is not theirs to know of). */
async function ownImport(deps: LibraryDeps, userId: string, importId: string): Promise<LibraryImportRow> {
  const row = await importsRepo.findImport(libraryDb(deps.db), importId)
  if (!row || row.user_id !== userId) throw importNotFound()
  return row
}

/**
 * Starts an import of the reader's export: reads the whole file as it streams in (readExport: a file that is not an
 * export, malformed or too large is refused and nothing is stored), then stores the import, its rows and its job in
 * one transaction (a queue that refuses leaves nothing behind). One import at a time per reader (409 while one runs).
 */
export async function startImport(
  deps: LibraryDeps,
  userId: string,
  file: AsyncIterable<Buffer | Uint8Array | string>,
  requestId?: string,
): Promise<LibraryImport> {
  await deps.limits.consume('libraryImportsPerAccount', userId)
  const db = libraryDb(deps.db)
  if (await importsRepo.unfinishedImport(db, userId))
    throw conflict('An import of yours is still running: wait for its report before starting another.')
  const { format, rows } = await readExport(file)
  const now = deps.clock.now()
  const id = newId(now.getTime())
  const row = await db.transaction().execute(async (trx) => {
    const created = await importsRepo.createImport(trx, {
      id,
      userId,
      source: format.source,
      totalRows: rows.length,
      now,
    })
    await importsRepo.stageRows(trx, id, rows)
    await deps.queues.enqueue(QueueNames.libraryImport, { importId: id, requestId }, importJobId(id))
    return created
  })
  return toLibraryImport(row, {})
}

export async function getImport(deps: LibraryDeps, userId: string, importId: string): Promise<LibraryImport> {
  await deps.limits.consume('shelfReadsPerAccount', userId)
  const row = await ownImport(deps, userId, importId)
  return toLibraryImport(row, await importsRepo.countOutcomes(libraryDb(deps.db), importId))
}

/** The reader's latest imports (the profile lists them with their reports). */
export async function listImports(deps: LibraryDeps, userId: string): Promise<LibraryImport[]> {
  await deps.limits.consume('shelfReadsPerAccount', userId)
  const db = libraryDb(deps.db)
  const rows = await importsRepo.listImports(db, userId, 10)
  return Promise.all(rows.map(async (r) => toLibraryImport(r, await importsRepo.countOutcomes(db, r.id))))
}

export async function importReport(
  deps: LibraryDeps,
  importId: string,
  q: ImportRowsQuery,
): Promise<Page<ImportRow>> {
  await deps.limits.consume('shelfReadsPerAccount', q.userId)
  await ownImport(deps, q.userId, importId)
  const window = pageWindow(q.page ?? 1, q.limit ?? 10)
  const { rows, total } = await importsRepo.reportRows(
    libraryDb(deps.db),
    importId,
    q.outcome,
    window.offset,
    window.limit,
  )
  return toPage(
    rows.map((r) => ({
      rowNumber: r.row_number,
      title: r.title,
      author: r.author,
      isbns: r.isbns,
      shelf: r.shelf,
      outcome: r.outcome,
      book: r.book_id ? { _id: r.book_id, title: r.book_title ?? '', author: r.book_author ?? '' } : null,
    })),
    total,
    window,
  )
}

/**
 * Undoes a finished import: the books it shelved come off the shelves again, except those the reader has shelved
 * or re-dated since (putOnShelf clears their import). Undoing twice is once; an import still running is a 409.
 */
export async function undoImport(
  deps: LibraryDeps,
  userId: string,
  importId: string,
): Promise<LibraryImport> {
  await deps.limits.consume('shelfWritesPerAccount', userId)
  const row = await ownImport(deps, userId, importId)
  if (row.status === 'queued' || row.status === 'running')
    throw conflict('This import is still running: undo it once its report is ready.')
  const db = libraryDb(deps.db)
  const now = deps.clock.now()
  const updated = await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('shelf_entries')
      .where('user_id', '=', userId)
      .where('import_id', '=', importId)
      .execute()
    return trx
      .updateTable('library_imports')
      .set((eb) => ({ status: 'undone', undone_at: eb.fn.coalesce('undone_at', eb.val(now)) }))
      .where('id', '=', importId)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
  return toLibraryImport(updated, await importsRepo.countOutcomes(db, importId))
}

/**
 * The import job: decides the staged rows a batch at a time, in file order, each batch in one transaction (its
 * outcomes, the shelf entries it makes, the import's counts and the shelving events). A retried job goes on from the
 * first undecided row, so each row is decided once; a book already on the reader's shelves stays as the reader had
 * it. `progress` hears the share of rows decided after each batch.
 */
export async function runImport(
  deps: Pick<LibraryDeps, 'db' | 'clock' | 'queues'>,
  importId: string,
  progress: (processed: number, total: number) => Promise<void> = async () => undefined,
): Promise<'done' | 'undone'> {
  const db = libraryDb(deps.db)
  const found = await importsRepo.findImport(db, importId)
  // The job is queued inside the transaction that stores the import, so it may start before that commits: a retry
  // (with backoff) finds it. An import deleted since (its reader's account) fails its last attempt, logged once.
  if (!found) throw new Error(`library import ${importId} is not stored (yet)`)
  if (found.status === 'undone') return 'undone'
  await db.updateTable('library_imports').set({ status: 'running' }).where('id', '=', importId).execute()
  for (;;) {
    const now = deps.clock.now()
    const batch = await importsRepo.pendingRows(db, importId, importsRepo.ROW_BATCH)
    if (batch.length === 0) break
    const matches = await matchRows(db, batch)
    const processed = await db.transaction().execute(async (trx) => {
      const outcomes: { rowNumber: number; outcome: ImportOutcome; bookId: string | null }[] = []
      const toShelve = new Map<string, (typeof batch)[number]>()
      for (const row of batch) {
        const match = matches.get(row.row_number) ?? { kind: 'not_found' }
        if (match.kind !== 'book')
          outcomes.push({ rowNumber: row.row_number, outcome: match.kind, bookId: null })
        else if (!row.shelf)
          outcomes.push({ rowNumber: row.row_number, outcome: 'no_shelf', bookId: match.bookId })
        else if (toShelve.has(match.bookId))
          // The same book twice in one file: the first row shelves it.
          outcomes.push({ rowNumber: row.row_number, outcome: 'already_shelved', bookId: match.bookId })
        else toShelve.set(match.bookId, row)
      }
      const shelved = toShelve.size
        ? await trx
            .insertInto('shelf_entries')
            .values(
              [...toShelve].map(([bookId, row]) => ({
                user_id: found.user_id,
                book_id: bookId,
                shelf: row.shelf ?? 'want_to_read',
                started_on: row.started_on,
                finished_on: row.finished_on,
                import_id: importId,
                created_at: now,
                updated_at: now,
              })),
            )
            .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
            .returning('book_id')
            .execute()
        : []
      const newly = new Set(shelved.map((s) => s.book_id))
      for (const [bookId, row] of toShelve)
        outcomes.push({
          rowNumber: row.row_number,
          outcome: newly.has(bookId) ? 'shelved' : 'already_shelved',
          bookId,
        })
      await importsRepo.recordOutcomes(trx, importId, outcomes)
      const after = await trx
        .updateTable('library_imports')
        .set((eb) => ({
          processed_rows: eb('processed_rows', '+', batch.length),
          shelved_rows: eb('shelved_rows', '+', newly.size),
        }))
        .where('id', '=', importId)
        .returning('processed_rows')
        .executeTakeFirstOrThrow()
      // Queued inside the transaction: a queue that refuses undoes the batch (the retry does it again); a commit
      // that fails after queueing leaves the rows undecided, and the retry queues the same event ids.
      await queueShelfEvents(
        deps.queues,
        [...toShelve]
          .filter(([bookId]) => newly.has(bookId))
          .map(([bookId, row]) =>
            shelfEventOf({ userId: found.user_id, bookId, shelf: row.shelf ?? 'want_to_read' }, now),
          ),
      )
      return after.processed_rows
    })
    await progress(processed, found.total_rows)
  }
  await db
    .updateTable('library_imports')
    .set({ status: 'done', finished_at: deps.clock.now() })
    .where('id', '=', importId)
    .where('status', '=', 'running')
    .execute()
  return 'done'
}
