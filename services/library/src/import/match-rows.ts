import { sql } from 'kysely'
import { isPublic } from '@bookstrut/catalogue'
import type { LibraryDbOrTx } from '../library.tables.js'
import type { PendingRow } from './imports.repository.js'
import { authorKey, isbnForms, isbnOf, titleKey } from './normalise.js'

export type Match = { kind: 'book'; bookId: string } | { kind: 'not_found' } | { kind: 'ambiguous' }

interface CatalogueBook {
  id: string
  title: string
  author: string
  isbn: string | null
}

/** Public books holding any of these ISBNs (either spelling), through the digits index of the migration. */
async function booksByIsbn(db: LibraryDbOrTx, isbns: string[]): Promise<CatalogueBook[]> {
  if (isbns.length === 0) return []
  return db
    .selectFrom('podcasts')
    .select(['id', 'title', 'author', 'isbn'])
    .where(sql<string>`regexp_replace(upper(isbn), '[^0-9X]', '', 'g')`, 'in', isbns)
    .where(isPublic)
    .execute()
}

/**
 * Public books whose author's name holds one of these surnames (lower case, as the author index keeps it). The
 * surnames are letters and digits only (authorKey), so they are safe inside a LIKE pattern.
 */
async function booksBySurname(db: LibraryDbOrTx, surnames: string[]): Promise<CatalogueBook[]> {
  if (surnames.length === 0) return []
  const patterns = surnames.map((s) => `%${s}%`)
  return db
    .selectFrom('podcasts')
    .select(['id', 'title', 'author', 'isbn'])
    .where(sql<boolean>`lower(author) like any(${sql.val(patterns)}::text[])`)
    .where(isPublic)
    .limit(5_000)
    .execute()
}

/**
 * Finds each row's catalogue book: by ISBN first (an export's ISBN and the catalogue's compared as 13 digits), then
 * by title and author compared by their keys (normalise.ts). Several books equally close are "ambiguous": the import
 * leaves them for the reader rather than guess.
 */
export async function matchRows(db: LibraryDbOrTx, rows: readonly PendingRow[]): Promise<Map<number, Match>> {
  const matches = new Map<number, Match>()
  const wanted = [...new Set(rows.flatMap((r) => r.isbns.flatMap(isbnForms)))]
  const byIsbn = new Map<string, Set<string>>()
  for (const book of await booksByIsbn(db, wanted)) {
    const digits = book.isbn ? isbnOf(book.isbn) : null
    if (!digits) continue
    const key = isbnForms(digits)[0] ?? digits
    byIsbn.set(key, (byIsbn.get(key) ?? new Set()).add(book.id))
  }
  const rest: PendingRow[] = []
  for (const row of rows) {
    const ids = new Set(row.isbns.flatMap((i) => [...(byIsbn.get(isbnForms(i)[0] ?? i) ?? [])]))
    if (ids.size === 1) matches.set(row.row_number, { kind: 'book', bookId: [...ids][0] ?? '' })
    else if (ids.size > 1) matches.set(row.row_number, { kind: 'ambiguous' })
    else rest.push(row)
  }

  const surnames = [...new Set(rest.map((r) => authorKey(r.author)).filter((s) => s.length > 1))]
  const candidates = await booksBySurname(db, surnames)
  const byKey = new Map<string, string[]>()
  for (const book of candidates) {
    const key = `${titleKey(book.title)}|${authorKey(book.author, book.author.includes(',') ? 'last-first' : 'first-last')}`
    byKey.set(key, [...(byKey.get(key) ?? []), book.id])
  }
  for (const row of rest) {
    const ids = byKey.get(`${titleKey(row.title)}|${authorKey(row.author)}`) ?? []
    matches.set(
      row.row_number,
      ids.length === 1
        ? { kind: 'book', bookId: ids[0] ?? '' }
        : { kind: ids.length ? 'ambiguous' : 'not_found' },
    )
  }
  return matches
}
