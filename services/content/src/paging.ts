/** A page of a list, with what the spec's clients need to page on (the api spreads it beside `data`). */
export interface Page<T> {
  data: T[]
  total: number
  totalPages: number
  currentPage: number
  pageSize: number
}

export const pageWindow = (page = 1, limit = 10) => ({ page, limit, offset: (page - 1) * limit })

export const pageOf = <T>(data: T[], total: number, w: { page: number; limit: number }): Page<T> => ({
  data,
  total,
  totalPages: Math.ceil(total / w.limit),
  currentPage: w.page,
  pageSize: w.limit,
})

/** Who reads: admins see inactive entries too (the editors), everyone else only active ones. */
export interface Viewer {
  admin: boolean
}

/**
 * The `is_active` values a list may show: an admin's `isActive` filter as asked (none = both); for anyone else
 * only active entries, and nothing at all when they ask for inactive ones.
 */
export function activeValues(isActive: boolean | undefined, viewer: Viewer): boolean[] {
  if (viewer.admin) return isActive === undefined ? [true, false] : [isActive]
  return isActive === false ? [] : [true]
}

/** 24 hexadecimal characters: an id (spec: anything else is a slug). */
export const looksLikeId = (value: string) => /^[0-9a-f]{24}$/i.test(value)
