import { queryOptions, useQuery } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { Topic, TopicSummary } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** GET /topics: every topic page, most searched first. */
export const topicsQueryOptions = () =>
  queryOptions({
    queryKey: ['topics'],
    queryFn: async () => (await apiRequest('/topics', { schema: Type.Array(TopicSummary) })).data,
    retry: 1,
  })
export const useTopics = () => useQuery(topicsQueryOptions())

/** GET /topics/{slug}: one topic with its books; an unknown slug is a 404 (the page says so). */
export const topicQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['topics', slug],
    queryFn: async () => (await apiRequest(`/topics/${encodeURIComponent(slug)}`, { schema: Topic })).data,
    retry: false,
  })
export const useTopic = (slug: string) => useQuery(topicQueryOptions(slug))
