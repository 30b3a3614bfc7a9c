/** The success envelope every answer uses: `{ success: true, message, data }`. */
export const ok = <T>(message: string, data: T) => ({ success: true as const, message, data })

// Pages of lists are shaped in core (shared with the domain packages, e.g. services/content).
export { pageWindow, toPage, type Page } from '@bookstrut/core'
import type { Page } from '@bookstrut/core'

/** The spec's paged answer: the page fields sit beside `data` in the envelope. */
export const paged = <T>(message: string, page: Page<T>) => ({ success: true as const, message, ...page })
