import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { trackPageView } from './tracking'

/** Spec: the tracker runs at idle, waiting at most 3 s (author-and-content, "analytics load timeout 3000 ms"). */
export const PAGE_VIEW_IDLE_TIMEOUT_MS = 3000

/** Runs `work` when the browser is idle (at most `timeout` ms later), or after 100 ms without idle callbacks. */
export function atIdle(work: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = setTimeout(work, 100)
  return () => clearTimeout(timer)
}

/**
 * One page view per page opened (each new path, the first page included), sent at idle. A page left before its
 * report went out is not counted: a view is a page someone stayed on long enough for the browser to be idle.
 */
export function usePageViews(): void {
  const { pathname } = useLocation()
  useEffect(() => atIdle(() => void trackPageView(pathname), PAGE_VIEW_IDLE_TIMEOUT_MS), [pathname])
}
