import { Meilisearch, MeilisearchApiError, type EnqueuedTaskPromise, type Settings } from 'meilisearch'
import type { SurfaceBook, SurfaceIndex } from './surface-index.js'

export interface MeiliSurfaceOptions {
  url: string
  key: string | undefined
  /** the index uid; one per deployment (tests use their own) */
  indexUid?: string
  /** how long to wait for one document task before failing (the job is then retried) */
  taskTimeoutMs?: number
  /** how long to wait for a settings change, which reindexes every document */
  settingsTimeoutMs?: number
  /**
   * the books a reader ghosted (read from PostgreSQL): searches filter them out inside Meilisearch. Required
   * for searches by a reader; an adapter that only writes (the surface-index worker) needs none.
   */
  ghostedIds?: (readerId: string) => Promise<readonly string[]>
}

export const DEFAULT_MEILI_INDEX = 'books'

/**
 * The index settings, applied by `ensureSettings`. Searchable attributes in weight order: Meilisearch's
 * `attribute` ranking rule puts a match in the title above one in the author, ideas or description.
 */
export const MEILI_SETTINGS = {
  searchableAttributes: ['title', 'author', 'ideas', 'description'],
  // `public` guards every search; `id` leaves out the reader's ghosted books; `indexedAt` lets a full reindex
  // drop what it did not see again.
  filterableAttributes: ['public', 'id', 'categoryName', 'language', 'year', 'indexedAt'],
  typoTolerance: { enabled: true },
} satisfies Settings

/** A book as stored in Meilisearch: the SurfaceBook plus when this process last wrote it. */
type MeiliBook = SurfaceBook & { indexedAt: number }

/**
 * The search filter: public books, less the reader's ghosted books. Filtering inside Meilisearch (not after)
 * keeps its total and its pages made of visible books only. Ids are quoted as filter strings.
 */
export function searchFilter(ghosted: readonly string[]): string {
  if (ghosted.length === 0) return 'public = true'
  return `public = true AND id NOT IN [${ghosted.map((id) => JSON.stringify(id)).join(', ')}]`
}

const isApiError = (err: unknown, code: string) =>
  err instanceof MeilisearchApiError && err.cause?.code === code

const sameSet = (a: readonly unknown[] | null | undefined, b: readonly string[]) =>
  Array.isArray(a) && a.length === b.length && b.every((x) => a.includes(x))

const sameList = (a: readonly unknown[] | null | undefined, b: readonly string[]) =>
  Array.isArray(a) && a.length === b.length && b.every((x, i) => a[i] === x)

const settingsApplied = (current: Settings) =>
  sameList(current.searchableAttributes, MEILI_SETTINGS.searchableAttributes) &&
  sameSet(current.filterableAttributes, MEILI_SETTINGS.filterableAttributes) &&
  current.typoTolerance?.enabled === true

/**
 * Keyword search in Meilisearch (when MEILI_URL is set). Stores public books only, and filters on `public` as
 * well, so a book is never found between its moderation and the worker's update. Writes wait for their
 * Meilisearch task, so a failed write fails the job that made it (and is retried) instead of passing silently.
 */
export function createMeiliSurfaceIndex(opts: MeiliSurfaceOptions): SurfaceIndex {
  const uid = opts.indexUid ?? DEFAULT_MEILI_INDEX
  const taskTimeout = opts.taskTimeoutMs ?? 60_000
  const client = new Meilisearch({ host: opts.url, apiKey: opts.key, timeout: 10_000 })
  const index = client.index<MeiliBook>(uid)

  const settled = async (pending: EnqueuedTaskPromise, timeout = taskTimeout) => {
    const task = await pending.waitTask({ timeout, interval: 50 })
    if (task.status !== 'succeeded')
      throw new Error(
        `Meilisearch task ${task.uid} (${task.type}) ${task.status}: ${task.error?.message ?? ''}`,
      )
  }
  const put = async (books: readonly SurfaceBook[], indexedAt: number) => {
    if (books.length > 0) await settled(index.addDocuments(books.map((b) => ({ ...b, indexedAt }))))
  }
  const ghostedBy = (readerId: string) => {
    if (!opts.ghostedIds) throw new Error('a reader searched a Meilisearch index created without ghostedIds')
    return opts.ghostedIds(readerId)
  }
  const remove = async (ids: readonly string[]) => {
    if (ids.length > 0) await settled(index.deleteDocuments([...ids]))
  }

  async function ensureIndex() {
    try {
      await client.getRawIndex(uid)
      return
    } catch (err) {
      if (!isApiError(err, 'index_not_found')) throw err
    }
    const task = await client.createIndex(uid, { primaryKey: 'id' }).waitTask({ timeout: taskTimeout })
    // Another process (the api and the worker start together) may have created it first.
    if (task.status === 'failed' && task.error?.code === 'index_already_exists') return
    if (task.status !== 'succeeded')
      throw new Error(`Meilisearch could not create index ${uid}: ${task.error?.message ?? task.status}`)
  }

  return {
    name: 'meilisearch',

    async search({ term, offset, limit, readerId }) {
      const ghosted = readerId ? await ghostedBy(readerId) : []
      const common = { filter: searchFilter(ghosted), attributesToRetrieve: ['id'] }
      // Whole pages (what the API asks for) get Meilisearch's exhaustive count; other windows its estimate.
      if (limit > 0 && offset % limit === 0) {
        const res = await index.search(term, { ...common, page: offset / limit + 1, hitsPerPage: limit })
        return { ids: res.hits.map((h) => String(h.id)), total: res.totalHits }
      }
      const res = await index.search(term, { ...common, offset, limit })
      return { ids: res.hits.map((h) => String(h.id)), total: res.estimatedTotalHits }
    },

    async upsert(books) {
      await put(
        books.filter((b) => b.public),
        Date.now(),
      )
      await remove(books.filter((b) => !b.public).map((b) => b.id))
    },

    remove,

    async reindex(pages) {
      const startedAt = Date.now()
      let indexed = 0
      for await (const page of pages) {
        const books = page.filter((b) => b.public)
        await put(books, startedAt)
        indexed += books.length
      }
      // What this pass did not write again and no job wrote since it started is no longer public.
      await settled(index.deleteDocuments({ filter: `indexedAt < ${startedAt}` }))
      return { indexed }
    },

    async ensureSettings() {
      await ensureIndex()
      if (settingsApplied(await index.getSettings())) return
      await settled(index.updateSettings(MEILI_SETTINGS), opts.settingsTimeoutMs ?? 300_000)
    },

    // fetch keeps no connection of ours to close.
    async close() {},
  }
}
