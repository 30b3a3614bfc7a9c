import { Writable } from 'node:stream'
import Fastify, { LogController } from 'fastify'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { countRequest, requestTotalsPlugin, type RequestTotals } from './request-totals.js'

// REQUEST_LOG=minute (issue 48): a line of totals instead of a line per request.

/** A Fastify app logging JSON lines into `lines`, with request logging off as app.ts turns it off. */
async function appWithTotals(lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never)
      done()
    },
  })
  const app = Fastify({
    loggerInstance: pino({ level: 'info' }, sink),
    logController: new LogController({ disableRequestLogging: true }),
  })
  // A flush only at close in this test: the minute never passes.
  await app.register(requestTotalsPlugin, { everyMs: 3_600_000 })
  app.get('/ok', async () => ({ ok: true }))
  app.get('/missing', async (_req, reply) => reply.code(404).send({ ok: false }))
  return app
}

describe('request totals', () => {
  it('counts requests by status class and keeps the slowest', () => {
    const totals: RequestTotals = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, slowestMs: 0 }
    countRequest(totals, 200, 3.4)
    countRequest(totals, 304, 1)
    countRequest(totals, 404, 12.6)
    countRequest(totals, 503, 2)
    expect(totals).toEqual({ requests: 4, '2xx': 1, '3xx': 1, '4xx': 1, '5xx': 1, slowestMs: 13 })
  })

  it('writes one line of totals for many requests, and no line per request', async () => {
    const lines: Record<string, unknown>[] = []
    const app = await appWithTotals(lines)
    for (let i = 0; i < 5; i++) expect((await app.inject({ url: '/ok' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/missing' })).statusCode).toBe(404)
    await app.close()
    const totals = lines.filter((l) => l.msg === 'requests in the last minute')
    expect(totals).toHaveLength(1)
    expect(totals[0]).toMatchObject({ requests: 6, '2xx': 5, '4xx': 1, '5xx': 0 })
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([])
  })
})
