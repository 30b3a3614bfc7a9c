/** A page of a list, with what the spec's clients need to page on (the api spreads it beside `data`). */
export interface Page<T> {
  data: T[]
  total: number
  totalPages: number
  currentPage: number
  pageSize: number
}

/** Which rows a 1-based page number covers. */
export const pageWindow = (page: number, limit: number) => ({ page, limit, offset: (page - 1) * limit })

export const toPage = <T>(data: T[], total: number, window: { page: number; limit: number }): Page<T> => ({
  data,
  total,
  totalPages: Math.ceil(total / window.limit),
  currentPage: window.page,
  pageSize: window.limit,
})
