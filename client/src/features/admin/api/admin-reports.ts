import { useQuery } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import {
  AdminReportType,
  ReportGroupsPage,
  ResolvedReports,
  type ReportGroupsQuery,
  type ResolveReportsBody,
} from '@bookstrut/schemas'
import { useAdminList } from './admin-list'
import { withBookId, withPodcastId, type WithBookId } from '@/api/book'
import { apiRequest } from '@/lib/api-client'
import { useAdminWrite } from './admin-users'

/** The reports against one book for one reason, as the console shows them. */
export type BookReports = WithBookId<ReportGroupsPage['items'][number]>

/** GET /admin/reports: reports grouped by book and type, newest first. */
export const useReportGroups = (query: ReportGroupsQuery) =>
  useAdminList('reports', '/admin/reports', ReportGroupsPage, { ...query }, (page) => ({
    ...page,
    items: page.items.map(withBookId),
  }))

/** PUT /admin/reports/resolve: resolve with a note, and unpublish or block the owner when asked. */
export const useResolveReports = () =>
  useAdminWrite((body: WithBookId<ResolveReportsBody>) =>
    apiRequest('/admin/reports/resolve', {
      method: 'PUT',
      body: withPodcastId(body),
      schema: ResolvedReports,
    }),
  )

/** GET /admin/report-types: active and retired. */
export const useReportTypes = () =>
  useQuery({
    queryKey: ['admin', 'report-types'],
    queryFn: () =>
      apiRequest('/admin/report-types', { schema: Type.Array(AdminReportType) }).then((r) => r.data),
  })

/** POST /admin/report-type. */
export const useCreateReportType = () =>
  useAdminWrite((body: { type: string }) =>
    apiRequest('/admin/report-type', { method: 'POST', body, schema: AdminReportType }),
  )

/** PUT /admin/report-type: only the fields sent change. */
export const useUpdateReportType = () =>
  useAdminWrite((body: { reportTypeId: string; type?: string; isActive?: boolean }) =>
    apiRequest('/admin/report-type', { method: 'PUT', body, schema: AdminReportType }),
  )
