import type { ImportSource, Shelf } from '@bookstrut/schemas'
import { isCalendarDay } from '../shelf-dates.js'
import { isbnOf } from './normalise.js'

/** One row of an export, read: what the import stages (and shows back in its report). */
export interface ExportRow {
  title: string
  author: string
  /** the row's valid ISBNs, bare digits */
  isbns: string[]
  /** null: the export puts it on no shelf of ours (a custom shelf, "did not finish") */
  shelf: Shelf | null
  startedOn: string | null
  finishedOn: string | null
}

/**
 * An export's layout: the columns it must have (a file without them is not this export), and how one of its rows
 * becomes an ExportRow. Columns are found by name, so added or reordered columns do not matter.
 */
export interface ExportFormat {
  source: ImportSource
  required: readonly string[]
  read: (cell: (column: string) => string) => ExportRow
}

/** A day the export wrote as 2019/05/21 or 2019-05-21 (other shapes, or days that do not exist: none). */
export function dayOf(cell: string): string | null {
  const m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(cell.trim())
  if (!m) return null
  const day = `${m[1]}-${m[2]?.padStart(2, '0')}-${m[3]?.padStart(2, '0')}`
  return isCalendarDay(day) ? day : null
}

/** A start after the finish is dropped (the finish is what a Read shelf is about). */
const ordered = (startedOn: string | null, finishedOn: string | null) =>
  startedOn && finishedOn && startedOn > finishedOn
    ? { startedOn: null, finishedOn }
    : { startedOn, finishedOn }

const isbnsOf = (...cells: string[]) => [...new Set(cells.map(isbnOf).filter((i): i is string => i !== null))]

/**
 * Goodreads' "Export Library" CSV: Book Id, Title, Author, Author l-f, Additional Authors, ISBN, ISBN13, My Rating,
 * Average Rating, Publisher, Binding, Number of Pages, Year Published, Original Publication Year, Date Read, Date
 * Added, Bookshelves, Bookshelves with positions, Exclusive Shelf, My Review, Spoiler, Private Notes, Read Count,
 * Owned Copies. The exclusive shelf is read, currently-reading or to-read (or one of the reader's own); Goodreads
 * exports no start date.
 */
export const GOODREADS: ExportFormat = {
  source: 'goodreads',
  required: ['Book Id', 'Title', 'Author', 'ISBN', 'ISBN13', 'Date Read', 'Exclusive Shelf'],
  read(cell) {
    const shelf = GOODREADS_SHELVES.get(cell('Exclusive Shelf').trim().toLowerCase()) ?? null
    return {
      title: cell('Title').trim(),
      author: cell('Author').trim(),
      isbns: isbnsOf(cell('ISBN13'), cell('ISBN')),
      shelf,
      startedOn: null,
      finishedOn: shelf === 'read' ? dayOf(cell('Date Read')) : null,
    }
  },
}
// Maps, not objects: a cell reading "constructor" must find nothing.
const GOODREADS_SHELVES = new Map<string, Shelf>([
  ['read', 'read'],
  ['currently-reading', 'reading'],
  ['to-read', 'want_to_read'],
])

/**
 * The StoryGraph's export CSV: Title, Authors, Contributors, ISBN/UID, Format, Read Status, Date Added, Last Date
 * Read, Dates Read, Read Count, Moods, Pace, …, Star Rating, Review, Content Warnings, Content Warning Description,
 * Tags, Owned?. Read Status is read, currently-reading, to-read, paused or did-not-finish; Dates Read holds ranges
 * such as "2023/01/05-2023/01/20", the last one the latest read.
 */
export const STORYGRAPH: ExportFormat = {
  source: 'storygraph',
  required: ['Title', 'Authors', 'ISBN/UID', 'Read Status'],
  read(cell) {
    const shelf = STORYGRAPH_SHELVES.get(cell('Read Status').trim().toLowerCase()) ?? null
    // "2023/01/05-2023/01/20", "2024/05/01-" (still reading) or "-2024/05/01": slashes inside, one dash between.
    const lastRange = cell('Dates Read').split(',').at(-1)?.trim() ?? ''
    const [from = '', to = ''] = lastRange.split('-').map((d) => d.trim())
    const finishedOn = shelf === 'read' ? (dayOf(cell('Last Date Read')) ?? dayOf(to)) : null
    const startedOn = shelf === 'read' || shelf === 'reading' ? dayOf(from) : null
    return {
      title: cell('Title').trim(),
      author: cell('Authors').trim(),
      isbns: isbnsOf(cell('ISBN/UID')),
      shelf,
      ...ordered(startedOn, finishedOn),
    }
  },
}
const STORYGRAPH_SHELVES = new Map<string, Shelf>([
  ['read', 'read'],
  ['currently-reading', 'reading'],
  ['paused', 'reading'],
  ['to-read', 'want_to_read'],
])

export const EXPORT_FORMATS: readonly ExportFormat[] = [GOODREADS, STORYGRAPH]

/** The export a header line is, by its columns (a column may carry spaces around its name). */
export function formatOfHeader(header: readonly string[]): ExportFormat | null {
  const names = new Set(header.map((h) => h.trim()))
  return EXPORT_FORMATS.find((f) => f.required.every((c) => names.has(c))) ?? null
}
