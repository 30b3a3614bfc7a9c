import { atIdle } from './use-page-views'

/** Spec (reader-and-account): the service worker is checked for updates every hour. */
export const SERVICE_WORKER_UPDATE_MS = 3_600_000
/** Spec (author-and-content): registered at idle, waiting at most 2 s (100 ms without idle callbacks). */
export const SERVICE_WORKER_IDLE_TIMEOUT_MS = 2000

/**
 * Registers /sw.js (made by the build: vite.config.ts, docs/seo.md, Service worker) once the page is idle, and asks
 * for a new version every hour. Production builds only: in `vite dev` there is no /sw.js and a worker would
 * keep serving stale modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  atIdle(() => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        setInterval(() => {
          registration.update().catch((error: unknown) => console.warn('service worker update failed', error))
        }, SERVICE_WORKER_UPDATE_MS)
      })
      .catch((error: unknown) => console.warn('service worker registration failed', error))
  }, SERVICE_WORKER_IDLE_TIMEOUT_MS)
}
