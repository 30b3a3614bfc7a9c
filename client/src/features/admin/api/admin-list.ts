import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Static, TSchema } from '@sinclair/typebox'
import { apiRequest, type Query } from '@/lib/api-client'

/**
 * A paged console list (GET path?query), keyed under ['admin', name, query]; the previous page stays while the next
 * loads. `fromWire` turns the page the contract sends into the one the console shows (its rows' `podcastId` into
 * `bookId`, say); without it the page is shown as sent.
 */
export const useAdminList = <S extends TSchema, Page = Static<S>>(
  name: string,
  path: string,
  schema: S,
  query: Query,
  fromWire: (page: Static<S>) => Page = (page) => page as Page,
) =>
  useQuery({
    queryKey: ['admin', name, query],
    queryFn: () => apiRequest(path, { query, schema }).then((r) => fromWire(r.data)),
    placeholderData: keepPreviousData,
  })
