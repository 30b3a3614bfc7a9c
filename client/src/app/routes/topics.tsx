import { useParams } from 'react-router-dom'
import { TopicPage } from '@/features/topics/components/topic-page'
import { TopicsPage } from '@/features/topics/components/topics-page'
import { topicQueryOptions, topicsQueryOptions } from '@/features/topics/api/get-topics'
import type { RouteHandle } from '../route-handle'

/*
 * "Books about <idea>" topic pages (docs/seo.md). Server-rendered with their data: a crawler reads the ideas, the
 * books and the ItemList JSON-LD; an unknown or malformed slug is a 404 page.
 */
export const topicHandles = {
  index: { prefetch: ({ queryClient }) => queryClient.fetchQuery(topicsQueryOptions()) },
  topic: {
    prefetch: ({ queryClient, params }) => queryClient.fetchQuery(topicQueryOptions(params.slug ?? '')),
  },
} satisfies Record<string, RouteHandle>

export const TopicsRoute = TopicsPage
export function TopicRoute() {
  const { slug = '' } = useParams()
  return <TopicPage key={slug} slug={slug} />
}
