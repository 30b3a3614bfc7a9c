import { queryOptions, useQuery } from '@tanstack/react-query'
import { Blog } from '@bookstrut/schemas'
import { apiPageRequest, apiRequest } from '@/lib/api-client'
import { readSnapshot } from './content-snapshot'

/** Spec: the blog list asks for 20 active posts, newest first. */
export const BLOG_PAGE_SIZE = 20

/** /data/blogs.json first (used when non-empty), then GET /get/all/blog. */
export async function getBlogs(): Promise<Blog[]> {
  const snapshot = await readSnapshot('blogs.json', Blog)
  if (snapshot) return snapshot.slice(0, BLOG_PAGE_SIZE)
  const page = await apiPageRequest('/get/all/blog', {
    query: { isActive: true, sortBy: 'createdAt', sortOrder: 'desc', limit: BLOG_PAGE_SIZE },
    schema: Blog,
  })
  return page.data
}

export const blogsQueryOptions = () =>
  queryOptions({ queryKey: ['content', 'blogs'], queryFn: getBlogs, retry: 1 })
export const useBlogs = () => useQuery(blogsQueryOptions())

/** GET /get/single/blog?id= (a 24-hex id or a slug). */
export const blogQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['content', 'blog', idOrSlug],
    queryFn: async () =>
      (await apiRequest('/get/single/blog', { query: { id: idOrSlug }, schema: Blog })).data,
    retry: false,
  })
export const useBlog = (idOrSlug: string) => useQuery(blogQueryOptions(idOrSlug))
