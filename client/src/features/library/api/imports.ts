import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { ImportRow, LibraryImport, type ImportOutcome } from '@bookstrut/schemas'
import { apiPageRequest, apiRequest } from '@/lib/api-client'
import { LIBRARY_QUERY_KEY } from '@/lib/shelves'

const importsKey = (userId: string) => [...LIBRARY_QUERY_KEY, 'imports', userId] as const

/** GET /library/imports: the reader's latest imports; polled every second while one is queued or running. */
export const importsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: importsKey(userId),
    queryFn: async ({ signal }) =>
      (await apiRequest('/library/imports', { query: { userId }, schema: Type.Array(LibraryImport), signal }))
        .data,
    refetchInterval: (query) =>
      query.state.data?.some((i) => i.status === 'queued' || i.status === 'running') ? 1000 : false,
  })
export const useImports = (userId: string) => useQuery(importsQueryOptions(userId))

export const REPORT_PAGE_SIZE = 50

/** GET /library/imports/{id}/rows: one page of an import's report (one outcome, or all). */
export const importRowsQueryOptions = (
  userId: string,
  importId: string,
  outcome: ImportOutcome | null,
  page: number,
) =>
  queryOptions({
    queryKey: [...importsKey(userId), importId, 'rows', outcome, page],
    queryFn: ({ signal }) =>
      apiPageRequest(`/library/imports/${importId}/rows`, {
        query: { userId, page, limit: REPORT_PAGE_SIZE, ...(outcome ? { outcome } : {}) },
        schema: ImportRow,
        signal,
      }),
  })
export const useImportRows = (
  userId: string,
  importId: string,
  outcome: ImportOutcome | null,
  page: number,
) => useQuery(importRowsQueryOptions(userId, importId, outcome, page))

/** POST /library/imports with the export file; the library's views are fetched again. */
export function useStartImport(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData()
      form.append('file', file)
      return (
        await apiRequest('/library/imports', {
          method: 'POST',
          query: { userId },
          body: form,
          schema: LibraryImport,
        })
      ).data
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY }),
  })
}

/** DELETE /library/imports/{id}: undo one import. */
export function useUndoImport(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (importId: string) =>
      (
        await apiRequest(`/library/imports/${importId}`, {
          method: 'DELETE',
          query: { userId },
          schema: LibraryImport,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY }),
  })
}
