/** The success envelope every answer uses: `{ success: true, message, data }`. */
export const ok = <T>(message: string, data: T) => ({ success: true as const, message, data })

/** A page of a list, with what the spec's clients need to page on. */
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

/** The spec's paged answer: the page fields sit beside `data` in the envelope. */
export const paged = <T>(message: string, page: Page<T>) => ({ success: true as const, message, ...page })
