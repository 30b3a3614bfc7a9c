/**
 * The query parameters each page reads, by path (issue 45). Everything else in a query string (utm_*, fbclid,
 * gclid, a random `?utm=…`) changes nothing on the page, so it is dropped from the render-cache key and from the
 * address the page is rendered at: a random parameter hits the same cached page instead of forcing a render
 * (11 renders a second took a page from 66 ms to 641 ms). The public pages read none today (their data comes from
 * the path: client/src/app route handles prefetch from route params only); the search page reads its terms but is
 * private (the app shell, never cached). A page that starts reading a parameter must be listed here, or its
 * server render will not see it.
 */
const PAGE_QUERY_PARAMS: readonly { path: RegExp; reads: readonly string[] }[] = [
  { path: /^\/search-book\/?$/i, reads: ['query', 'firstField', 'secondField', 'thirdField'] },
]

/**
 * The address a page is rendered at and cached under: its path, and of its query only the parameters that page
 * reads (sorted, so their order makes no second copy). `url` is the request's path and query.
 */
export function pageCacheKey(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  const path = url.slice(0, at)
  const reads = PAGE_QUERY_PARAMS.find((page) => page.path.test(path))?.reads ?? []
  if (reads.length === 0) return path
  const query = new URLSearchParams(url.slice(at + 1))
  const kept = new URLSearchParams()
  for (const name of [...reads].sort()) for (const value of query.getAll(name)) kept.append(name, value)
  const rest = kept.toString()
  return rest ? `${path}?${rest}` : path
}
