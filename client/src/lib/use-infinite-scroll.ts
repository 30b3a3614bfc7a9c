import { useEffect, useRef } from 'react'

/** Spec: the next page loads within 350 px of the bottom, checked at most every 200 ms. */
export const INFINITE_SCROLL_OFFSET_PX = 350
export const INFINITE_SCROLL_THROTTLE_MS = 200

/** Whether the window is scrolled to within `offset` px of the page bottom. */
export function nearPageBottom(offset = INFINITE_SCROLL_OFFSET_PX): boolean {
  const doc = document.documentElement
  return doc.scrollHeight - (window.scrollY + window.innerHeight) <= offset
}

/**
 * Calls `loadMore` when the window scrolls near the bottom while more pages remain and nothing is loading.
 * Scroll events are throttled (leading and trailing); a short first page that leaves the bottom in view
 * loads the next one at once.
 */
export function useInfiniteScroll({
  hasMore,
  loading,
  loadMore,
}: {
  hasMore: boolean
  loading: boolean
  loadMore: () => void
}) {
  const latest = useRef({ hasMore, loading, loadMore })
  useEffect(() => {
    latest.current = { hasMore, loading, loadMore }
  })

  useEffect(() => {
    let last = 0
    let trailing: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      last = Date.now()
      const { hasMore: more, loading: busy, loadMore: load } = latest.current
      if (more && !busy && nearPageBottom()) load()
    }
    const onScroll = () => {
      const wait = INFINITE_SCROLL_THROTTLE_MS - (Date.now() - last)
      if (wait <= 0) {
        clearTimeout(trailing)
        trailing = undefined
        check()
      } else if (!trailing) {
        trailing = setTimeout(() => {
          trailing = undefined
          check()
        }, wait)
      }
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
      clearTimeout(trailing)
    }
  }, [])

  // After each page arrives the content may still not fill the window: check again.
  useEffect(() => {
    if (hasMore && !loading && nearPageBottom()) loadMore()
  }, [hasMore, loading, loadMore])
}
