import { queryOptions, useQuery } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { ReportType } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** GET /get/all/reporttype?isActive=true : the reasons a book can be reported for. */
export const getReportTypes = () =>
  apiRequest('/get/all/reporttype', { query: { isActive: true }, schema: Type.Array(ReportType) }).then(
    (r) => r.data,
  )

export const reportTypesQueryOptions = () =>
  queryOptions({ queryKey: ['reports', 'types'], queryFn: getReportTypes, staleTime: 10 * 60_000 })

export const useReportTypes = (enabled: boolean) => useQuery({ ...reportTypesQueryOptions(), enabled })
