import { sql, type ExpressionBuilder } from 'kysely'
import type { DB, DbOrTx, EpisodeRow, NewEpisode, NewBook, BookRow, BookUpdate } from '@bookstrut/core'
import { ghostCounts, notGhostedBy } from './ghosts.repository.js'
import { isPublic, ownerIsBlocked } from '../visibility.js'
import { hasWaitingChanges } from '../pending-changes.js'
import { minTrigramSimilarity, typedWords, typoBudget } from './keyword-typos.js'

export interface BookWithEpisodes extends BookRow {
  episodes: EpisodeRow[]
  /** how many readers ghosted (hid) the book */
  ghost_count: number
}

/** Listings this reader may be shown in a search: public, and not ghosted by them (null: anonymous). */
export const visibleTo = (readerId: string | null) => (eb: ExpressionBuilder<DB, 'podcasts'>) =>
  eb.and([isPublic(eb), notGhostedBy(readerId, eb.ref('podcasts.id'))])

/** Adds each listing's episodes and ghost count (two queries for the whole page). */
export async function withEpisodes(db: DbOrTx, rows: BookRow[]): Promise<BookWithEpisodes[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [episodes, ghosts] = await Promise.all([
    db.selectFrom('episodes').selectAll().where('podcast_id', 'in', ids).orderBy('part').execute(),
    ghostCounts(db, ids),
  ])
  return rows.map((r) => ({
    ...r,
    episodes: episodes.filter((e) => e.podcast_id === r.id),
    ghost_count: ghosts.get(r.id) ?? 0,
  }))
}

export async function findBook(db: DbOrTx, id: string): Promise<BookWithEpisodes | undefined> {
  const row = await db.selectFrom('podcasts').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? (await withEpisodes(db, [row]))[0] : undefined
}

/** One listing with whether its owner is blocked: what the visibility rule reads of it (visibility.ts). */
export async function findBookWithOwnerState(
  db: DbOrTx,
  id: string,
): Promise<(BookWithEpisodes & { owner_blocked: boolean }) | undefined> {
  const row = await db
    .selectFrom('podcasts')
    .selectAll()
    .select((eb) => ownerIsBlocked(eb).as('owner_blocked'))
    .where('id', '=', id)
    .executeTakeFirst()
  const [book] = row ? await withEpisodes(db, [row]) : []
  return row && book ? { ...book, owner_blocked: row.owner_blocked } : undefined
}

export const insertBook = (db: DbOrTx, book: NewBook) => db.insertInto('podcasts').values(book).execute()
export const insertEpisode = (db: DbOrTx, episode: NewEpisode) =>
  db.insertInto('episodes').values(episode).execute()

export const updateBook = (db: DbOrTx, id: string, patch: BookUpdate) =>
  db.updateTable('podcasts').set(patch).where('id', '=', id).execute()

export const updateEpisode = (
  db: DbOrTx,
  id: string,
  patch: Partial<Pick<EpisodeRow, 'file_url' | 'duration' | 'year_published' | 'transcript'>>,
) => db.updateTable('episodes').set(patch).where('id', '=', id).execute()

/** How many books a user has listed, whatever their status (what a plan's book limit counts). */
export async function countOwnedBooks(db: DbOrTx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('podcasts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('create_by', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function countPublicBooks(db: DbOrTx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('podcasts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('create_by', '=', userId)
    .where(isPublic)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export interface ListOptions {
  createBy?: string
  /** Include pending and rejected listings (the owner's own view, or an admin's). */
  includeUnpublished: boolean
  status?: 0 | 1 | 2
  search?: string
  /** Oldest first (a moderation queue); newest first otherwise. */
  oldestFirst?: boolean
  /** With `status` 0: also live listings whose edit waits for moderation (pending-changes.ts, issue 48). */
  orWaitingChanges?: boolean
  offset: number
  limit: number
}

/** A page of listings, newest first, with the total count for paging. */
export async function listBooks(
  db: DbOrTx,
  opts: ListOptions,
): Promise<{ rows: BookWithEpisodes[]; total: number }> {
  let q = db.selectFrom('podcasts')
  if (opts.createBy) q = q.where('create_by', '=', opts.createBy)
  if (!opts.includeUnpublished) q = q.where(isPublic)
  const status = opts.status
  if (status !== undefined)
    q = opts.orWaitingChanges
      ? q.where((eb) => eb.or([eb('status', '=', status), hasWaitingChanges]))
      : q.where('status', '=', status)
  const term = opts.search?.trim()
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('author', 'ilike', like)]))
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', opts.oldestFirst ? 'asc' : 'desc')
      .orderBy('id', opts.oldestFirst ? 'asc' : 'desc')
      .offset(opts.offset)
      .limit(opts.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: await withEpisodes(db, rows), total: Number(count.n) }
}

/** Serialises listing creation per user, so two uploads at once cannot both pass the plan's book limit. */
export const lockUserForListing = (db: DbOrTx, userId: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`listing:${userId}`}))`.execute(db)

/** One page of a keyword search: ids best first, and how many public listings match in all. */
interface SurfaceHits {
  ids: string[]
  total: number
}

interface SurfaceSearchOptions {
  term: string
  offset: number
  limit: number
  /** the searching reader, whose ghosted books are left out of the matches (null or absent: anonymous) */
  readerId?: string | null
}

/**
 * Keyword search over public listings the reader did not ghost: full-text matches (websearch syntax: quotes,
 * -word, or) ranked by weight. Only when nothing matches that way, each typed word is widened to the
 * catalogue's words within its typo budget (keyword-typos.ts) and the search runs again, so "hobit tolkien" and
 * "tolkein" find The Hobbit without loosening queries that do match as typed.
 */
export async function surfaceSearch(db: DbOrTx, opts: SurfaceSearchOptions): Promise<SurfaceHits> {
  const fullText = await fullTextSearch(db, opts)
  return fullText.total > 0 ? fullText : typoTolerantSearch(db, opts)
}

/**
 * Turns "the total, then the page's ids (or one null when the page is past the end)" rows into hits. Both
 * searches answer this way so that the total and the page come from one scan of the matches.
 */
const toHits = (rows: readonly { total: number; id: string | null }[]): SurfaceHits => ({
  ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])),
  total: rows[0]?.total ?? 0,
})

/**
 * The last steps of both keyword searches: the public listings whose stored vector matches `query.q` (not ghosted
 * by the reader), each ranked once and materialised as `matches` (id, score); then their number and one page of
 * ids, best score first, from that one set.
 */
const matchesAndPage = (opts: SurfaceSearchOptions) => sql`matches as materialized (
      select d.podcast_id as id, ts_rank_cd(d.document, query.q) as score
      from podcast_search_documents d, query
      where d.document @@ query.q and ${notGhostedBy(opts.readerId ?? null, sql.ref('d.podcast_id'))}
    )
    select counted.total, page.id
    from (select count(*) as total from matches) counted
    left join lateral (
      select id from matches order by score desc, id offset ${opts.offset} limit ${opts.limit}
    ) page on true`

/**
 * Full text over the stored vectors of public listings (podcast_search_documents, kept by a trigger): the GIN
 * index finds the matches, each is ranked once (ts_rank_cd reads the stored vector, nothing is re-parsed), and
 * the count and the page are taken from that one materialised set; the page is a top-N sort, not a full one.
 */
async function fullTextSearch(db: DbOrTx, opts: SurfaceSearchOptions): Promise<SurfaceHits> {
  const { rows } = await sql<{ total: number; id: string | null }>`
    with query as (select websearch_to_tsquery('english', ${opts.term}) as q),
    ${matchesAndPage(opts)}`.execute(db)
  return toHits(rows)
}

/** The most dictionary words one typed word is widened to (the closest by trigram similarity). */
export const TYPO_SPELLINGS_MAX = 20

/**
 * Full text again, each typed word replaced by "it or a dictionary word within its typo budget"
 * (surface_words_within: trigram neighbours, then Levenshtein with swaps as one typo). Excluded words (-word)
 * stay exact; stop words ask nothing. One statement: the spellings, the query made of them, the matches.
 */
async function typoTolerantSearch(db: DbOrTx, opts: SurfaceSearchOptions): Promise<SurfaceHits> {
  const { words, excluded } = typedWords(opts.term)
  if (words.length === 0) return { ids: [], total: 0 }
  const budgets = words.map(typoBudget)
  const floors = words.map((w, i) => minTrigramSimilarity(w, budgets[i] ?? 0))
  const { rows } = await sql<{ total: number; id: string | null }>`
    with typed as (
      select t.ord, t.word, t.budget, t.floor
      from unnest(${words}::text[], ${budgets}::int[], ${floors}::real[]) with ordinality as t(word, budget, floor, ord)
    ),
    spellings as (
      select ord, word from typed
      union
      select typed.ord, near.word
      from typed, lateral surface_words_within(typed.word, typed.budget, typed.floor, ${TYPO_SPELLINGS_MAX}) as near(word)
      where typed.budget > 0
    ),
    alternatives as (
      select ord, string_agg('(' || q::text || ')', ' | ') as q
      from spellings, lateral plainto_tsquery('english', spellings.word) q
      where numnode(q) > 0
      group by ord
    ),
    query as (
      select string_agg(part, ' & ')::tsquery as q
      from (
        select '(' || q || ')' as part from alternatives
        union all
        select '!(' || x::text || ')' from unnest(${excluded}::text[]) e, lateral plainto_tsquery('english', e) x
        where numnode(x) > 0
      ) parts
      -- only stop words typed: nothing is asked, nothing matches (an exclusion alone would match everything)
      having exists (select 1 from alternatives)
    ),
    ${matchesAndPage(opts)}`.execute(db)
  return toHits(rows)
}

/**
 * The listings among `ids` visible to the reader (public, not ghosted), with episodes, in the order of `ids` (a
 * search's ranking). Ids of listings that are gone, no longer public or ghosted since are left out, so a lagging
 * external index or a kept ranking never shows them.
 */
export async function findPublicBooksInOrder(
  db: DbOrTx,
  ids: readonly string[],
  readerId: string | null,
): Promise<BookWithEpisodes[]> {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('podcasts')
    .selectAll()
    .where('id', 'in', ids)
    .where(visibleTo(readerId))
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return withEpisodes(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  )
}

/** One page of public listings in id order, after `afterId` (keyset paging for streaming the catalogue). */
export const publicBooksAfter = (
  db: DbOrTx,
  afterId: string | null,
  limit: number,
): Promise<Array<BookRow & { owner_blocked: boolean }>> => {
  let q = db
    .selectFrom('podcasts')
    .selectAll()
    .select((eb) => ownerIsBlocked(eb).as('owner_blocked'))
    .where(isPublic)
  if (afterId !== null) q = q.where('id', '>', afterId)
  return q.orderBy('id').limit(limit).execute()
}

/**
 * The listings among `ids` visible to the reader (public, not ghosted), each with its language (what idea search
 * filters and prefers by).
 */
export async function publicLanguages(
  db: DbOrTx,
  ids: readonly string[],
  readerId: string | null,
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('podcasts')
    .select(['id', 'language'])
    .where('id', 'in', [...ids])
    .where(visibleTo(readerId))
    .execute()
  return new Map(rows.map((r) => [r.id, r.language]))
}

/** The key an author's books are found by: the name lowered (index podcasts_author_key_idx). */
const authorKey = (eb: ExpressionBuilder<DB, 'podcasts'>) =>
  eb.fn<string>('lower', [eb.ref('podcasts.author')])

/**
 * The public books whose author is `name` (matched whole, ignoring case: the caller normalises its spaces),
 * newest first, at most `limit`, with the total.
 */
export async function listPublicByAuthor(
  db: DbOrTx,
  name: string,
  limit: number,
): Promise<{ rows: BookWithEpisodes[]; total: number }> {
  const q = db
    .selectFrom('podcasts')
    .where((eb) => eb(authorKey(eb), '=', name.toLowerCase()))
    .where(isPublic)
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: await withEpisodes(db, rows), total: Number(count.n) }
}

/** The accounts listing public books by the author `name`, with how many each lists, most first. */
export async function listingAccountsOfAuthor(db: DbOrTx, name: string) {
  const rows = await db
    .selectFrom('podcasts')
    .innerJoin('users', 'users.id', 'podcasts.create_by')
    .where((eb) => eb(authorKey(eb), '=', name.toLowerCase()))
    .where(isPublic)
    .groupBy(['users.id', 'users.first_name', 'users.last_name'])
    .select((eb) => ['users.id', 'users.first_name', 'users.last_name', eb.fn.countAll<string>().as('books')])
    .orderBy('books', 'desc')
    .orderBy('users.id')
    .execute()
  return rows.map((r) => ({ ...r, books: Number(r.books) }))
}
