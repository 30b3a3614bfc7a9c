import type { LabelledStrutScores } from '@bookstrut/schemas'
import type { Book } from '@/api/book'

/** A row of a results table: the book, and its Strut scores when it came from an idea search. */
export type ResultRow = Book & { strut: LabelledStrutScores | null }

/** A page of rows as the search calls answer it (page fields beside the items). */
export interface RowPage {
  data: ResultRow[]
  total: number
  totalPages: number
  currentPage: number
  pageSize: number
}
