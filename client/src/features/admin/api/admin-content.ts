import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Type, type TSchema } from '@sinclair/typebox'
import {
  Blog,
  EmptyData,
  Faq,
  InformationPage,
  Settings,
  type BlogBody,
  type FaqBody,
  type InformationBody,
  type SettingsPatch,
} from '@bookstrut/schemas'
import { apiPageRequest, apiRequest } from '@/lib/api-client'
import { useAdminWrite } from './admin-users'

/** The content kinds the editors write, by the noun of their API calls (`/create/faq`, `/update/blog`, …). */
export type ContentKind = 'faq' | 'blog' | 'information'

/** Entries a list page shows. */
export const CONTENT_PAGE_SIZE = 20

/**
 * The public data a content write changes (the content pages' query keys, features/content/api), refreshed with
 * the console's lists so the admin's own next page shows the change.
 */
const PUBLIC_CONTENT_KEYS = [['content'], ['information'], ['settings']] as const

/**
 * GET /get/all/{kind} as an admin: published and draft entries matching `search`, one page of them in `order`,
 * the previous page kept on screen while the next one loads.
 */
const useAdminEntries = <T extends TSchema>(
  kind: 'faq' | 'blog',
  schema: T,
  order: { sortBy: string; sortOrder: 'asc' | 'desc' },
  search: string,
  page: number,
) =>
  useQuery({
    queryKey: ['admin', 'content', kind, { search, page }],
    queryFn: () =>
      apiPageRequest(`/get/all/${kind}`, {
        query: { search: search || undefined, page, limit: CONTENT_PAGE_SIZE, ...order },
        schema,
      }),
    placeholderData: keepPreviousData,
  })

/** The FAQs, by order. */
export const useAdminFaqs = (search: string, page: number) =>
  useAdminEntries('faq', Faq, { sortBy: 'order', sortOrder: 'asc' }, search, page)

/** The blog posts, last changed first. */
export const useAdminBlogs = (search: string, page: number) =>
  useAdminEntries('blog', Blog, { sortBy: 'updatedAt', sortOrder: 'desc' }, search, page)

/** GET /admin/information: every information page, published or not, with its HTML. */
export const useAdminInformationPages = () =>
  useQuery({
    queryKey: ['admin', 'content', 'information'],
    queryFn: async () =>
      (await apiRequest('/admin/information', { schema: Type.Array(InformationPage) })).data,
  })

/** GET /get/all/settings: the one settings record. */
export const useAdminSettings = () =>
  useQuery({
    queryKey: ['admin', 'content', 'settings'],
    queryFn: async () => (await apiRequest('/get/all/settings', { schema: Type.Array(Settings) })).data[0],
  })

interface BodyOf {
  faq: FaqBody
  blog: BlogBody
  information: InformationBody
}
const ENTRY: Record<ContentKind, TSchema> = { faq: Faq, blog: Blog, information: InformationPage }

/** POST /create/{kind}, or PUT /update/{kind}?id with the whole body when the entry exists (audited server-side). */
export const useSaveEntry = <K extends ContentKind>(kind: K) =>
  useAdminWrite(
    ({ id, body }: { id: string | undefined; body: BodyOf[K] | { isActive: boolean } }) =>
      id
        ? apiRequest(`/update/${kind}`, { method: 'PUT', query: { id }, body, schema: ENTRY[kind] })
        : apiRequest(`/create/${kind}`, { method: 'POST', body, schema: ENTRY[kind] }),
    PUBLIC_CONTENT_KEYS,
  )

/** DELETE /delete/{kind}?id. */
export const useDeleteEntry = (kind: ContentKind) =>
  useAdminWrite(
    (id: string) => apiRequest(`/delete/${kind}`, { method: 'DELETE', query: { id }, schema: EmptyData }),
    PUBLIC_CONTENT_KEYS,
  )

/** PUT /update/settings with the fields that changed. */
export const useUpdateSettings = () =>
  useAdminWrite(
    (body: SettingsPatch) =>
      apiRequest('/update/settings', { method: 'PUT', body, schema: Type.Array(Settings) }),
    PUBLIC_CONTENT_KEYS,
  )
