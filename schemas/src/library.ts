import { Type, type Static } from '@sinclair/typebox'
import { Id, ListPageSize, PageNumber, pagedFields } from './common.js'
import { Podcast } from './books.js'

/*
 * A reader's library (issue 49): three shelves, one per reader and book at a time, and the import of a Goodreads or
 * StoryGraph export. Every call names the reader (`userId`), which must be the caller: shelves are private to
 * their reader, admins included (403 otherwise).
 */

export const SHELVES = ['want_to_read', 'reading', 'read'] as const
// Literals spelled out (not mapped from the list): route typing needs the union's members as a tuple.
export const Shelf = Type.Union(
  [Type.Literal('want_to_read'), Type.Literal('reading'), Type.Literal('read')],
  {
    description: 'want_to_read, reading or read',
  },
)
export type Shelf = Static<typeof Shelf>

/** What each shelf is called on screen. */
export const SHELF_NAMES: Record<Shelf, string> = {
  want_to_read: 'Want to read',
  reading: 'Reading',
  read: 'Read',
}

/** A calendar day, `YYYY-MM-DD` (the reader's own dates: when they started and finished a book). */
export const CalendarDay = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description: 'a day, YYYY-MM-DD',
})

/** PUT /library/shelf: puts a book on one shelf (moving it off any other), with the reader's dates. */
export const ShelveBody = Type.Object(
  {
    userId: Id,
    bookId: Id,
    shelf: Shelf,
    /** when the reader started it (Reading and Read) */
    startedOn: Type.Optional(Type.Union([CalendarDay, Type.Null()])),
    /** when the reader finished it (Read only) */
    finishedOn: Type.Optional(Type.Union([CalendarDay, Type.Null()])),
  },
  { additionalProperties: false },
)
export type ShelveBody = Static<typeof ShelveBody>

/** GET and DELETE /library/shelf: one book of the reader's library. */
export const ShelfBookQuery = Type.Object({ userId: Id, bookId: Id })
export type ShelfBookQuery = Static<typeof ShelfBookQuery>

/** Where one book sits in the reader's library (null data: on no shelf). */
export const ShelfPlace = Type.Object({
  bookId: Id,
  shelf: Shelf,
  startedOn: Type.Union([CalendarDay, Type.Null()]),
  finishedOn: Type.Union([CalendarDay, Type.Null()]),
  /** when it was put on this shelf or its dates last changed (ISO 8601) */
  shelvedAt: Type.String(),
  /** the import that shelved it, when one did */
  importId: Type.Union([Id, Type.Null()]),
})
export type ShelfPlace = Static<typeof ShelfPlace>

/** GET /library/shelves/{shelf}: a page of one shelf, latest first. */
export const ShelfParams = Type.Object({ shelf: Shelf })
export type ShelfParams = Static<typeof ShelfParams>
export const ShelfPageQuery = Type.Object({
  userId: Id,
  page: Type.Optional(PageNumber),
  limit: Type.Optional(ListPageSize),
})
export type ShelfPageQuery = Static<typeof ShelfPageQuery>

/** A book on a shelf: the book as everywhere else, and its place. */
export const ShelvedBook = Type.Object({ book: Podcast, place: ShelfPlace })
export type ShelvedBook = Static<typeof ShelvedBook>
export const PagedShelvedBooks = Type.Object(pagedFields(ShelvedBook))

/** How many books each shelf holds. */
export const ShelfCounts = Type.Object({
  want_to_read: Type.Integer(),
  reading: Type.Integer(),
  read: Type.Integer(),
})
export type ShelfCounts = Static<typeof ShelfCounts>
export const ReaderQuery = Type.Object({ userId: Id })
export type ReaderQuery = Static<typeof ReaderQuery>

// ---- imports ----

export const IMPORT_SOURCES = ['goodreads', 'storygraph'] as const
export const ImportSource = Type.Union([Type.Literal('goodreads'), Type.Literal('storygraph')])
export type ImportSource = Static<typeof ImportSource>

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'undone'] as const
export const ImportStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('done'),
  Type.Literal('failed'),
  Type.Literal('undone'),
])
export type ImportStatus = Static<typeof ImportStatus>

/**
 * What became of one row: shelved; already on the reader's shelves (left as the reader had it); not shelved by
 * the export (a custom shelf only); no catalogue book with its ISBN or its title and author; or several books
 * equally close (left for the reader to shelve).
 */
export const IMPORT_OUTCOMES = ['shelved', 'already_shelved', 'no_shelf', 'not_found', 'ambiguous'] as const
export const ImportOutcome = Type.Union([
  Type.Literal('shelved'),
  Type.Literal('already_shelved'),
  Type.Literal('no_shelf'),
  Type.Literal('not_found'),
  Type.Literal('ambiguous'),
])
export type ImportOutcome = Static<typeof ImportOutcome>

/** One import: its progress while it runs, its counts once done. */
export const LibraryImport = Type.Object({
  _id: Id,
  source: ImportSource,
  status: ImportStatus,
  totalRows: Type.Integer(),
  processedRows: Type.Integer(),
  shelvedRows: Type.Integer(),
  /** rows by outcome, once matched */
  outcomes: Type.Object({
    shelved: Type.Integer(),
    already_shelved: Type.Integer(),
    no_shelf: Type.Integer(),
    not_found: Type.Integer(),
    ambiguous: Type.Integer(),
  }),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  undoneAt: Type.Union([Type.String(), Type.Null()]),
})
export type LibraryImport = Static<typeof LibraryImport>

export const ImportParams = Type.Object({ importId: Id })
export type ImportParams = Static<typeof ImportParams>

/** GET /library/imports/{importId}/rows: the report, a page at a time, optionally one outcome only. */
export const ImportRowsQuery = Type.Object({
  userId: Id,
  outcome: Type.Optional(ImportOutcome),
  page: Type.Optional(PageNumber),
  limit: Type.Optional(ListPageSize),
})
export type ImportRowsQuery = Static<typeof ImportRowsQuery>

/** One row of the report, as the file said it (text, never evaluated), and what became of it. */
export const ImportRow = Type.Object({
  rowNumber: Type.Integer(),
  title: Type.String(),
  author: Type.String(),
  isbns: Type.Array(Type.String()),
  shelf: Type.Union([Shelf, Type.Null()]),
  outcome: Type.Union([ImportOutcome, Type.Null()]),
  /** the catalogue book it matched */
  book: Type.Union([Type.Object({ _id: Id, title: Type.String(), author: Type.String() }), Type.Null()]),
})
export type ImportRow = Static<typeof ImportRow>
export const PagedImportRows = Type.Object(pagedFields(ImportRow))
