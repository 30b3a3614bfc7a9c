import { useState } from 'react'

/**
 * A console list's filters (text and select fields) and its page. Changing a filter goes back to page 1: the
 * old page number may not exist in the new result.
 */
export function useListFilters<Filters extends Record<string, string>>(initial: Filters) {
  const [filters, setFilters] = useState(initial)
  const [page, setPage] = useState(1)
  /** The onChange of a filter's field. */
  const filterBy =
    (key: keyof Filters) =>
    (event: { target: { value: string } }): void => {
      setFilters((current) => ({ ...current, [key]: event.target.value }))
      setPage(1)
    }
  return { filters, filterBy, page, setPage }
}
