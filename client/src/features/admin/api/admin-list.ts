import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TSchema } from '@sinclair/typebox'
import { apiRequest, type Query } from '@/lib/api-client'

/** A paged console list (GET path?query), keyed under ['admin', name, query]; the previous page stays while the next loads. */
export const useAdminList = <S extends TSchema>(name: string, path: string, schema: S, query: Query) =>
  useQuery({
    queryKey: ['admin', name, query],
    queryFn: () => apiRequest(path, { query, schema }).then((r) => r.data),
    placeholderData: keepPreviousData,
  })
