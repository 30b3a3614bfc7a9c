import { loadavg } from 'node:os'
import type { AddressInfo } from 'node:net'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing } from '@bookstrut/core/testing'
import { buildTestApp, nextIp } from '@bookstrut/api/testing/app'
import { quantile } from './bench-stats.js'
import { readCommandLine } from './command-line.js'

/**
 * `npm run bench:pages -- [--pages 200]`: how long a server-rendered page takes over real HTTP (docs/seo.md): a
 * single book page rendered afresh (a cache miss: the book read through the api's own handler, React's render,
 * the template), the same page from the render cache, and the app shell of a private page for comparison. Needs
 * the built client (`npm run build`), the test PostgreSQL and Redis; React runs its production build.
 */
const USAGE = 'Usage: npm run bench:pages -- [--pages 200]'

function parseCommandLine() {
  const settings = readCommandLine({ pages: { type: 'string', default: '200' } }, (values) => {
    const pages = Number(values.pages)
    if (!Number.isInteger(pages) || pages < 10) return null
    return { pages }
  })
  if (settings) return settings
  console.error(USAGE)
  process.exit(2)
}

const { pages } = parseCommandLine()
// Before the server bundle (and so React) is loaded: the production build, as `npm start` in the image runs it.
process.env.NODE_ENV = 'production'

// Each request from its own address (TRUST_PROXY + X-Forwarded-For), so the per-address render budget measures
// nothing here.
const t = await buildTestApp({ TRUST_PROXY: 'true' }, undefined, { start: false })
try {
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  const owner = await buildUser(t.app.db, { role: 'publisher' })
  const ids: string[] = []
  for (let i = 0; i < pages; i++) {
    const description = `Book ${i}: a long journey across a cold sea, a family's secret and a letter that arrives decades late.`
    ids.push((await buildListing(t.app.db, { create_by: owner.id, description })).id)
  }

  async function timed(path: string, expected: string): Promise<number> {
    const start = performance.now()
    const res = await fetch(`${base}${path}`, { headers: { 'x-forwarded-for': nextIp() } })
    await res.text()
    const ms = performance.now() - start
    const outcome = res.headers.get('x-page-render')
    if (outcome !== expected) throw new Error(`${path}: expected ${expected}, got ${outcome} (${res.status})`)
    return ms
  }

  // Warm-up: the bundle's lazy route modules, the database pool, the JIT.
  for (const id of ids.slice(0, 5)) await timed(`/single-book/${id}?warm`, 'miss')

  const miss: number[] = []
  for (const id of ids) miss.push(await timed(`/single-book/${id}`, 'miss'))
  const hit: number[] = []
  for (const id of ids) hit.push(await timed(`/single-book/${id}`, 'hit'))
  const shell: number[] = []
  for (let i = 0; i < pages; i++) shell.push(await timed('/profile', 'shell'))

  const row = (name: string, ms: number[]) =>
    `${name.padEnd(34)} p50 ${quantile(ms, 0.5).toFixed(1).padStart(6)} ms   p95 ${quantile(ms, 0.95).toFixed(1).padStart(6)} ms`
  console.log(
    `bench:pages — ${pages} single book pages over HTTP, one at a time (load average ${loadavg()[0]!.toFixed(2)})`,
  )
  console.log(row('rendered (cache miss)', miss))
  console.log(row('from the render cache (hit)', hit))
  console.log(row('app shell (private page)', shell))
} finally {
  await t.close()
}
