/*
 * Test support for @bookstrut/library (tests and benches only): export files written to each service's documented
 * column layout, as readers download them.
 */

/** Goodreads' "Export library" header, in its order (24 columns). */
export const GOODREADS_COLUMNS = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Owned Copies',
] as const

/** The StoryGraph's export header, in its order. */
export const STORYGRAPH_COLUMNS = [
  'Title',
  'Authors',
  'Contributors',
  'ISBN/UID',
  'Format',
  'Read Status',
  'Date Added',
  'Last Date Read',
  'Dates Read',
  'Read Count',
  'Moods',
  'Pace',
  'Character- or Plot-Driven?',
  'Strong Character Development?',
  'Loveable Characters?',
  'Diverse Characters?',
  'Flawed Characters?',
  'Star Rating',
  'Review',
  'Content Warnings',
  'Content Warning Description',
  'Tags',
  'Owned?',
] as const

/** RFC 4180 quoting, as both services write it: a cell with a comma, quote or line break is quoted. */
const quoted = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)
const csvOf = (header: readonly string[], rows: readonly Record<string, string>[]) =>
  [header, ...rows.map((r) => header.map((c) => r[c] ?? ''))]
    .map((line) => line.map(quoted).join(','))
    .join('\n') + '\n'

export interface GoodreadsBook {
  title: string
  /** "First Last" */
  author: string
  isbn?: string
  isbn13?: string
  /** read, currently-reading, to-read, or a custom shelf */
  shelf: string
  /** YYYY/MM/DD */
  dateRead?: string
  dateAdded?: string
  review?: string
}

/**
 * A Goodreads export of `books`. ISBNs are written as Goodreads does, as a formula text (`="0439554934"`, quoted
 * once more by the CSV), "Author l-f" as "Last, First", and the other columns with plausible values.
 */
export function goodreadsExport(books: readonly GoodreadsBook[]): string {
  return csvOf(
    GOODREADS_COLUMNS,
    books.map((b, i) => {
      const names = b.author.split(' ')
      return {
        'Book Id': String(1_000 + i),
        Title: b.title,
        Author: b.author,
        'Author l-f': names.length > 1 ? `${names.at(-1)}, ${names.slice(0, -1).join(' ')}` : b.author,
        ISBN: `="${b.isbn ?? ''}"`,
        ISBN13: `="${b.isbn13 ?? ''}"`,
        'My Rating': '4',
        'Average Rating': '4.12',
        Publisher: 'Scholastic Inc.',
        Binding: 'Paperback',
        'Number of Pages': '320',
        'Year Published': '2004',
        'Original Publication Year': '1997',
        'Date Read': b.dateRead ?? '',
        'Date Added': b.dateAdded ?? '2024/01/02',
        Bookshelves: b.shelf === 'read' ? '' : b.shelf,
        'Bookshelves with positions': b.shelf === 'read' ? '' : `${b.shelf} (#${i + 1})`,
        'Exclusive Shelf': b.shelf,
        'My Review': b.review ?? '',
        'Read Count': b.shelf === 'read' ? '1' : '0',
        'Owned Copies': '0',
      }
    }),
  )
}

export interface StorygraphBook {
  title: string
  /** "First Last", several separated by ", " */
  authors: string
  isbn?: string
  /** read, currently-reading, to-read, paused, did-not-finish */
  status: string
  lastDateRead?: string
  /** e.g. "2023/01/05-2023/01/20" */
  datesRead?: string
}

/** A StoryGraph export of `books` (plain ISBNs; empty mood and pace columns). */
export function storygraphExport(books: readonly StorygraphBook[]): string {
  return csvOf(
    STORYGRAPH_COLUMNS,
    books.map((b) => ({
      Title: b.title,
      Authors: b.authors,
      'ISBN/UID': b.isbn ?? '',
      Format: 'paperback',
      'Read Status': b.status,
      'Date Added': '2024/01/02',
      'Last Date Read': b.lastDateRead ?? '',
      'Dates Read': b.datesRead ?? '',
      'Read Count': b.status === 'read' ? '1' : '0',
      'Star Rating': b.status === 'read' ? '4.25' : '',
      'Owned?': 'No',
    })),
  )
}
