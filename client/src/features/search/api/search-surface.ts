import { Podcast } from '@bookstrut/schemas'
import { apiPageRequest } from '@/lib/api-client'
import type { RowPage } from '../model/result-row'
import { SEARCH_PAGE_SIZE, searchQueryOptions } from './search-pages'

export interface SurfaceSearchInput {
  query: string
  userId: string | null
}

/** GET /search/podcast/surface?query&page&limit=10&userid : one page of the keyword search (no Strut scores). */
export async function getSurfaceSearchPage(
  { query, userId }: SurfaceSearchInput,
  page: number,
  signal?: AbortSignal,
): Promise<RowPage> {
  const result = await apiPageRequest('/search/podcast/surface', {
    query: { query, page, limit: SEARCH_PAGE_SIZE, userid: userId ?? undefined },
    schema: Podcast,
    signal,
  })
  return { ...result, data: result.data.map((book) => ({ ...book, strut: null })) }
}

export const surfaceSearchQueryOptions = (input: SurfaceSearchInput) =>
  searchQueryOptions('surface', input, getSurfaceSearchPage)
