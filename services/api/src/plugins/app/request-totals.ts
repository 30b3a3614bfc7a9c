import fp from 'fastify-plugin'

/** How often the totals are written. */
export const REQUEST_TOTALS_MS = 60_000

/** What a minute of requests adds up to. */
export interface RequestTotals {
  requests: number
  '2xx': number
  '3xx': number
  '4xx': number
  '5xx': number
  /** the slowest request of the minute, in milliseconds */
  slowestMs: number
}

const empty = (): RequestTotals => ({ requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, slowestMs: 0 })

/** Adds one answered request to the totals. */
export function countRequest(totals: RequestTotals, status: number, ms: number): void {
  totals.requests++
  const kind = status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx'
  totals[kind]++
  totals.slowestMs = Math.max(totals.slowestMs, Math.round(ms))
}

/**
 * REQUEST_LOG=minute (the demo's default, issue 48): instead of a line per request (Fastify's request logging is
 * off then, app.ts), one info line a minute with the minute's totals, none for a quiet minute. Errors are still
 * logged one by one (plugins/app/errors.ts).
 */
export const requestTotalsPlugin = fp<{ everyMs?: number }>(async (app, opts) => {
  let totals = empty()
  app.addHook('onResponse', async (_req, reply) => {
    countRequest(totals, reply.statusCode, reply.elapsedTime)
  })
  const flush = () => {
    if (totals.requests === 0) return
    app.log.info(totals, 'requests in the last minute')
    totals = empty()
  }
  const timer = setInterval(flush, opts.everyMs ?? REQUEST_TOTALS_MS)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    flush()
  })
})
