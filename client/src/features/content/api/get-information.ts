import { queryOptions, useQuery } from '@tanstack/react-query'
import { InformationPage } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** GET get/single/information/by/path?path= : the page behind /pagedetail/{path}. */
export const informationByPathQueryOptions = (path: string) =>
  queryOptions({
    queryKey: ['information', 'page', { path }],
    queryFn: async () =>
      (await apiRequest('/get/single/information/by/path', { query: { path }, schema: InformationPage }))
        .data,
    retry: false,
  })
export const useInformationByPath = (path: string) => useQuery(informationByPathQueryOptions(path))

/** GET /get/single/information?id= (the terms page asks for its fixed id). */
export const informationByIdQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['information', 'page', { id }],
    queryFn: async () =>
      (await apiRequest('/get/single/information', { query: { id }, schema: InformationPage })).data,
    retry: false,
  })
export const useInformationById = (id: string) => useQuery(informationByIdQueryOptions(id))
