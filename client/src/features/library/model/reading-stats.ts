import type { ReadingStats } from '@bookstrut/schemas'

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' })
const monthAndYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** 'YYYY-MM' as the chart's axis writes it ("Nov") and as its tooltip does ("November 2026"). */
export const monthTick = (month: string) => monthName.format(Date.parse(`${month}-01T00:00:00Z`))
export const monthTitle = (month: string) => monthAndYear.format(Date.parse(`${month}-01T00:00:00Z`))

/** Books read in all: the dated ones of every year and the undated ones. */
export const booksRead = (s: ReadingStats) => s.readByYear.reduce((n, y) => n + y.books, 0) + s.readUndated

/** "1 book", "3 books". */
export const books = (n: number) => `${n} ${n === 1 ? 'book' : 'books'}`
