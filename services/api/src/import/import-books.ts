import { createReadStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { availableParallelism } from 'node:os'
import { catalogueImportRepo } from '@bookstrut/catalogue'
import {
  makeProcessTempDir,
  newId,
  removeStaleTempDirs,
  type Config,
  type Db,
  type MediaStore,
  type NewEpisode,
  type NewBook,
} from '@bookstrut/core'
import { embedBook, ModelEmbedders, modelsInUse, type EmbedDeps } from '@bookstrut/search'
import { parseBookLine, type ValidBook } from './book-line.js'
import { removeFresh, storeBookMedia, type BookMedia } from './import-media.js'

export interface ImportOptions {
  /** the JSONL file; `cover` and `audio` paths in it are relative to its folder */
  file: string
  /** user id of the account that owns the imported books */
  ownerId: string
  media: MediaStore
  /** where audio is copied before the media store moves it in: must be on the media store's file system */
  tempRoot: string
  now?: () => Date
  /** rows per INSERT … ON CONFLICT statement */
  batchSize?: number
  /** media files prepared at once */
  mediaConcurrency?: number
  /** called as lines are settled (rejected, or stored with their batch) */
  onProgress?: (done: number, total: number) => void
}

/** A line that was not imported, and why (shown to the operator). */
export interface Rejection {
  line: number
  sourceId: string | null
  reason: string
}

export interface ImportResult {
  /** non-blank lines read */
  lines: number
  imported: number
  updated: number
  rejected: Rejection[]
  /** ids of every book inserted or updated, in file order: what downstream work (embeddings) will key on */
  bookIds: string[]
}

/** The input cannot be used at all (missing or unreadable file, nothing in it parses as JSON). */
export class UnusableInputError extends Error {}

interface PendingRow {
  line: number
  book: ValidBook
}

type PreparedRow = PendingRow & BookMedia

/**
 * Imports a catalogue file: one book per line, upserted on its source id, so running the same file again
 * updates the same rows. Lines that fail validation, or whose cover or audio file is unusable, are rejected
 * with a reason and leave nothing behind (no row, no stored file). A cover or audio file with the same bytes as
 * the one the book already shows from an earlier import is reused, not stored again; a line without one keeps
 * the stored file. Rows are written in batches, one statement per table per batch, each batch in one transaction.
 */
export async function importBooks(db: Db, options: ImportOptions): Promise<ImportResult> {
  const { file, media } = options
  const now = options.now ?? (() => new Date())
  const batchSize = options.batchSize ?? 500
  const total = await countLines(file)
  const baseDir = path.dirname(path.resolve(file))
  const result: ImportResult = { lines: 0, imported: 0, updated: 0, rejected: [], bookIds: [] }
  const accepted = new Map<string, number>()
  let jsonLines = 0
  let done = 0
  const settle = (count: number) => {
    done += count
    options.onProgress?.(done, total)
  }
  const reject = (line: number, sourceId: string | null, reason: string) => {
    result.rejected.push({ line, sourceId, reason })
  }

  await removeStaleTempDirs(options.tempRoot)
  const tempDir = await makeProcessTempDir(options.tempRoot, 'import')
  const writer: BatchWriter = {
    db,
    media,
    ownerId: options.ownerId,
    baseDir,
    tempDir,
    now,
    concurrency: options.mediaConcurrency ?? 4,
    reject,
    settle,
    result,
  }
  try {
    let pending: PendingRow[] = []
    let lineNo = 0
    const lines = createInterface({
      input: createReadStream(file, { encoding: 'utf8' }),
      crlfDelay: Infinity,
    })
    for await (const text of lines) {
      lineNo += 1
      if (!text.trim()) continue
      result.lines += 1
      const parsed = parseBookLine(text, now())
      if (parsed.ok || parsed.json) jsonLines += 1
      if (!parsed.ok) {
        reject(lineNo, parsed.sourceId, parsed.reason)
        settle(1)
        continue
      }
      const firstLine = accepted.get(parsed.book.sourceId)
      if (firstLine !== undefined) {
        reject(lineNo, parsed.book.sourceId, `id ${parsed.book.sourceId} is already on line ${firstLine}`)
        settle(1)
        continue
      }
      accepted.set(parsed.book.sourceId, lineNo)
      pending.push({ line: lineNo, book: parsed.book })
      if (pending.length >= batchSize) {
        await writeBatch(writer, pending)
        pending = []
      }
    }
    if (jsonLines === 0) throw new UnusableInputError(`no line of ${file} is a JSON object`)
    await writeBatch(writer, pending)
  } finally {
    await rm(tempDir, { recursive: true, force: true })
  }
  result.rejected.sort((a, b) => a.line - b.line)
  return result
}

/**
 * `npm run catalog:import -- --wait`: computes the vectors of every imported book whose vectors are missing or
 * stale, in this process, so that the catalogue is searchable by ideas as soon as the app starts (without
 * --wait the app's embed worker does it in the background after its next sweep). Each book's new vectors are
 * announced as the embed worker announces them (`announce`: the embeddings channel on Redis), so running api
 * processes load them within a second rather than at their next catch-up. Returns a line saying what was done.
 */
export async function waitForDownstream(
  result: ImportResult,
  deps: {
    db: Db
    search: Config['search']
    announce: EmbedDeps['announce']
    onProgress?: (done: number, total: number) => void
  },
): Promise<string> {
  const models = await modelsInUse(deps)
  const embedders = new ModelEmbedders(availableParallelism())
  const embedDeps: EmbedDeps = {
    db: deps.db,
    embedderFor: (model) => embedders.get(model),
    announce: deps.announce,
  }
  const started = performance.now()
  let embedded = 0
  try {
    for (const [i, id] of result.bookIds.entries()) {
      for (const model of models) if ((await embedBook(embedDeps, id, model)) === 'embedded') embedded += 1
      deps.onProgress?.(i + 1, result.bookIds.length)
    }
  } finally {
    await embedders.close()
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const names = models.map((m) => m.id).join(' and ')
  return `${embedded} of ${result.bookIds.length * models.length} books embedded with ${names} in ${seconds} s (the others were up to date)`
}

/** Counts non-blank lines (for the progress bar); the file's unreadability is the caller's unusable input. */
async function countLines(file: string): Promise<number> {
  try {
    const info = await stat(file)
    if (!info.isFile()) throw new UnusableInputError(`${file} is not a file`)
    let count = 0
    const lines = createInterface({
      input: createReadStream(file, { encoding: 'utf8' }),
      crlfDelay: Infinity,
    })
    for await (const text of lines) if (text.trim()) count += 1
    return count
  } catch (err) {
    if (err instanceof UnusableInputError) throw err
    const code = (err as NodeJS.ErrnoException).code
    throw new UnusableInputError(
      code === 'ENOENT' ? `${file} does not exist` : `cannot read ${file} (${code ?? String(err)})`,
    )
  }
}

interface BatchWriter {
  db: Db
  media: MediaStore
  ownerId: string
  baseDir: string
  tempDir: string
  now: () => Date
  concurrency: number
  reject: (line: number, sourceId: string | null, reason: string) => void
  settle: (count: number) => void
  result: ImportResult
}

/**
 * Stores the batch's media, then its rows in one transaction. When the database refuses the batch's data, the
 * rows are written one at a time so that only the bad ones are rejected; any other failure (the database gone)
 * ends the import, after deleting the files stored for the batch.
 */
async function writeBatch(w: BatchWriter, rows: PendingRow[]): Promise<void> {
  if (rows.length === 0) return
  const prepared: PreparedRow[] = []
  const current = new Map(
    (
      await catalogueImportRepo.currentMedia(
        w.db,
        rows.map((r) => r.book.sourceId),
      )
    ).map((c) => [c.source_id, c]),
  )
  await forEachLimited(rows, w.concurrency, async (row) => {
    const outcome = await storeBookMedia(w, row.book, current.get(row.book.sourceId))
    if ('reason' in outcome) {
      w.reject(row.line, row.book.sourceId, outcome.reason)
      w.settle(1)
    } else {
      prepared.push({ ...row, ...outcome })
    }
  })
  prepared.sort((a, b) => a.line - b.line)
  try {
    await upsertRows(w, prepared)
    w.settle(prepared.length)
    return
  } catch (err) {
    if (!isDataError(err) || prepared.length === 1) {
      for (const row of prepared) await removeFresh(w.media, row)
      if (!isDataError(err)) throw err
      const [row] = prepared
      if (row) w.reject(row.line, row.book.sourceId, `not stored: ${describe(err)}`)
      w.settle(1)
      return
    }
  }
  for (const row of prepared) {
    try {
      await upsertRows(w, [row])
    } catch (err) {
      await removeFresh(w.media, row)
      if (!isDataError(err)) throw err
      w.reject(row.line, row.book.sourceId, `not stored: ${describe(err)}`)
    }
    w.settle(1)
  }
}

/** PostgreSQL refused the values (SQLSTATE class 22 data exception, 23 constraint violation). */
const isDataError = (err: unknown) => {
  const code = (err as { code?: unknown }).code
  return typeof code === 'string' && /^2[23]/.test(code)
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * Upserts the rows, their first episodes and the hashes of newly stored media in one transaction, then deletes
 * the files they replaced.
 */
async function upsertRows(w: BatchWriter, rows: PreparedRow[]): Promise<void> {
  const now = w.now()
  const { existing, stored } = await w.db.transaction().execute(async (trx) => {
    const existing = await catalogueImportRepo.lockBySourceIds(
      trx,
      rows.map((r) => r.book.sourceId),
    )
    const stored = await catalogueImportRepo.upsertBySourceId(
      trx,
      rows.map((r) => toBook(r, w.ownerId, now)),
    )
    const idBySource = new Map(stored.map((s) => [s.source_id, s.id]))
    const episodes = rows.flatMap((r): NewEpisode[] => {
      const bookId = idBySource.get(r.book.sourceId)
      if (!r.audio || !bookId) return []
      return [
        {
          id: newId(now.getTime()),
          podcast_id: bookId,
          part: 1,
          title: r.book.title,
          file_url: r.audio.url,
          duration: r.audio.durationSeconds,
          transcript: r.book.transcript,
          year_published: r.book.year,
          created_at: now,
        },
      ]
    })
    await catalogueImportRepo.upsertFirstEpisodes(trx, episodes)
    await catalogueImportRepo.recordImportedMedia(
      trx,
      rows.flatMap((r) => [
        ...(r.cover?.fresh
          ? [{ source_id: r.book.sourceId, kind: 'cover' as const, sha256: r.cover.sha256, url: r.cover.url }]
          : []),
        ...(r.audio?.fresh
          ? [{ source_id: r.book.sourceId, kind: 'audio' as const, sha256: r.audio.sha256, url: r.audio.url }]
          : []),
      ]),
    )
    return { existing, stored }
  })

  for (const s of stored) {
    w.result.bookIds.push(s.id)
    if (s.inserted) w.result.imported += 1
    else w.result.updated += 1
  }
  // Committed: the files the new ones replaced are no longer referenced.
  const before = new Map(existing.map((e) => [e.source_id, e]))
  for (const r of rows) {
    const old = before.get(r.book.sourceId)
    if (r.cover && old?.book_cover_image && old.book_cover_image !== r.cover.url) {
      await w.media.remove(old.book_cover_image).catch(() => undefined)
    }
    if (r.audio && old?.episode_file_url && old.episode_file_url !== r.audio.url) {
      await w.media.remove(old.episode_file_url).catch(() => undefined)
    }
  }
}

function toBook(row: PreparedRow, ownerId: string, now: Date): NewBook {
  const { book } = row
  return {
    id: newId(now.getTime()),
    source_id: book.sourceId,
    create_by: ownerId,
    title: book.title,
    author: book.author,
    category_name: book.categoryName,
    description: book.description,
    primary_key: book.ideas[0],
    secondary_key: book.ideas[1],
    additional_key: book.ideas[2],
    year_published: book.year,
    isbn: null,
    language: book.language,
    youtube_url: null,
    tiktok_url: null,
    get_this_url: null,
    book_cover_image: row.cover?.url ?? null,
    author_image: null,
    // Approved: importing is an operator's action, not a submission awaiting review.
    status: 1,
    created_at: now,
    updated_at: now,
  }
}

/** Runs `fn` over the items with at most `limit` running at once. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T
      await fn(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}
