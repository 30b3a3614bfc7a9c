import { isPublicRow } from '@bookstrut/catalogue'
import type { BookRow } from '@bookstrut/core'
import { bookIdeas } from '@bookstrut/schemas'

/** What a keyword index knows of a book: its searchable text and the facts to filter on. */
export interface SurfaceBook {
  id: string
  title: string
  author: string
  /** the book's ideas, empty ones left out */
  ideas: string[]
  description: string
  categoryName: string
  language: string | null
  year: number | null
  /** approved and active: only public books are ever returned by a search */
  public: boolean
}

/** One page of a keyword search: ids best first, and how many books match in all. */
export interface SurfaceHits {
  ids: string[]
  total: number
}

export interface SurfaceQuery {
  term: string
  offset: number
  limit: number
  /** the searching reader: their ghosted books are left out before counting and paging (absent: anonymous) */
  readerId?: string | null
}

/**
 * A keyword ("surface") index over the catalogue. PostgreSQL is the source of truth; an index kept outside it
 * (Meilisearch) is brought in line by `upsert`/`remove` (the surface-index worker) and `reindex` (its start).
 * Every implementation passes surface-index.contract.test.ts.
 */
export interface SurfaceIndex {
  readonly name: 'postgres' | 'meilisearch'
  /**
   * Public books matching `term` that the reader did not ghost, title and author matches ranked above ideas,
   * ideas above description.
   */
  search(query: SurfaceQuery): Promise<SurfaceHits>
  /** Makes the index hold these books as given: public ones are (re)indexed, the others taken out. */
  upsert(books: readonly SurfaceBook[]): Promise<void>
  remove(ids: readonly string[]): Promise<void>
  /**
   * Replaces the whole index by the books streamed in (all public books, in pages): anything indexed before
   * the call and not streamed again is taken out.
   */
  reindex(pages: AsyncIterable<readonly SurfaceBook[]>): Promise<{ indexed: number }>
  /** Creates the index and applies its settings when they differ; safe to call from every process at start. */
  ensureSettings(): Promise<void>
  close(): Promise<void>
}

/** A book as a keyword index holds it; `owner_blocked` is what the visibility rule reads of its owner. */
export function toSurfaceBook(row: BookRow & { owner_blocked: boolean }): SurfaceBook {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    ideas: bookIdeas(row),
    description: row.description,
    categoryName: row.category_name,
    language: row.language,
    year: row.year_published,
    public: isPublicRow(row),
  }
}
