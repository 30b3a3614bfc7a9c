import { pageViews, type AnalyticsStore } from '@bookstrut/analytics'
import type { PageTraffic } from '@bookstrut/schemas'

/** The client's address of a book's page: what its page views are counted under (client/src/config/paths.ts). */
export const bookPagePath = (bookId: string) => `/single-book/${bookId}`

/**
 * Views of each page in the last 7 and 30 days (page-view events), 0 for a page nobody viewed; null when the
 * analytics store does not answer, so the page that shows them still answers, without its traffic.
 */
export async function trafficOf(
  analytics: { ready(): Promise<AnalyticsStore> },
  paths: readonly string[],
  now: Date,
): Promise<Map<string, PageTraffic> | null> {
  try {
    const views = await pageViews(await analytics.ready(), paths, now)
    return new Map(paths.map((p) => [p, views.get(p) ?? { views7d: 0, views30d: 0 }]))
  } catch {
    return null
  }
}

/** `trafficOf` by book id: the views of each book's page (null when the analytics store does not answer). */
export async function bookTrafficOf(
  analytics: { ready(): Promise<AnalyticsStore> },
  bookIds: readonly string[],
  now: Date,
): Promise<Map<string, PageTraffic> | null> {
  const traffic = await trafficOf(analytics, bookIds.map(bookPagePath), now)
  if (!traffic) return null
  return new Map(bookIds.map((id) => [id, traffic.get(bookPagePath(id)) ?? { views7d: 0, views30d: 0 }]))
}
