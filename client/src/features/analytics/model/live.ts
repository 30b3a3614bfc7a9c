/**
 * How often an open panel asks again. Events are counted within a second or two of happening (issue 14), so a
 * few seconds keeps the figures live without a request a second per open panel; React Query pauses the
 * polling while the tab is hidden.
 */
export const LIVE_REFRESH_MS = 4_000

/**
 * A request that has not answered by then is dropped (and retried), so a slow answer never overlaps the next
 * poll. The spec's analytics load timeout is 3000 ms.
 */
export const ANALYTICS_TIMEOUT_MS = 3_000

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })
const dated = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' })

/** "14:05:09" today, a date and time otherwise (the viewer's time zone). */
export function formatUpdatedAt(iso: string, now: Date): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return '—'
  return at.toDateString() === now.toDateString() ? clock.format(at) : dated.format(at)
}
