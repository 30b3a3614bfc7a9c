import { queryOptions, useQuery } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { InformationLink } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

export type PlaceArea = 'menu' | 'footer'

/** GET /get/all/information?placeArea=menu|footer: dynamic pages for the header's Other Menu and the footer. */
export const getInformationLinks = async (placeArea: PlaceArea) =>
  (await apiRequest('/get/all/information', { query: { placeArea }, schema: Type.Array(InformationLink) }))
    .data

export const informationLinksQueryOptions = (placeArea: PlaceArea) =>
  queryOptions({
    queryKey: ['information', { placeArea }],
    queryFn: () => getInformationLinks(placeArea),
    staleTime: 5 * 60_000,
  })

/** The list, empty while loading or when the call fails (errors stay in query state, no toast). */
export function useInformationLinks(placeArea: PlaceArea) {
  const query = useQuery(informationLinksQueryOptions(placeArea))
  return query.data ?? []
}
