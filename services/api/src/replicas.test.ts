import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { createLogger } from '@bookstrut/core'
import { until } from '@bookstrut/core/testing'
import { buildApp, type App } from './app.js'
import { buildTestApp, type TestApp } from './test/test-app.js'
import { client, nextIp } from './test/api-client.js'
import { IDEA_BOOKS, ideaSearchUrl, requireServedModel, writeIdeaBook } from './test/idea-books.js'

// Two api replicas of one deployment (issue 50): the same database, the same Redis and key prefix, each with its own
// memory (idea index, render cache). `a` runs the workers (the embed worker among them), `b` is a bare replica, as
// in the split stack. What one of them learns or counts must hold in the other.

let a: TestApp
let b: App

beforeAll(async () => {
  a = await buildTestApp({
    SEARCH_RATE_LIMIT_ANON: '4',
    // No catch-up within a test: a replica learns new vectors from the announcement alone.
    IDEA_INDEX_CATCH_UP_MS: '3600000',
  })
  requireServedModel(a)
  b = await buildApp({
    config: a.config,
    databaseUrl: a.databaseUrl,
    logger: createLogger(a.config.logLevel),
  })
  await b.ready()
}, 120_000)
afterAll(async () => {
  await b?.close()
  await a?.close()
})

/** A page load on one replica, as a browser makes it: its render outcome (hit, miss…) and its HTML. */
const page = async (app: App, path: string) => {
  const res = await app.inject({
    method: 'GET',
    url: path,
    remoteAddress: '203.0.113.7',
    headers: { 'user-agent': 'x' },
  })
  return { outcome: res.headers['x-page-render'], html: res.body }
}

describe('replicas that agree', () => {
  it("empties the other replica's render cache at an admin write one of them answered", async () => {
    const admin = await buildUser(a.app.db, { role: 'admin' })
    await page(b, '/faq')
    expect((await page(b, '/faq')).outcome).toBe('hit')
    const before = b.publicPages.version()

    const faq = await client(a.app).post(
      '/create/faq',
      { question: 'Does every replica show this at once?', answer: '<p>Yes.</p>' },
      { token: admin.token },
    )
    expect(faq.status).toBe(200)
    // Redis delivers the news to b (pub/sub); b's cache is empty from then on.
    await until('b to hear of the admin write', () => b.publicPages.version() > before)
    const after = await page(b, '/faq')
    expect(after.outcome).toBe('miss')
    expect(after.html).toContain('Does every replica show this at once?')
    // b's own change is not sent back to a as a new one (each process skips its own messages).
    const aVersion = a.app.publicPages.version()
    b.publicPages.changed()
    await until('a to hear of b', () => a.app.publicPages.version() > aVersion)
    expect(a.app.publicPages.version()).toBe(aVersion + 1)
  })

  it('counts a rate limit once across replicas, whichever answers', async () => {
    const ip = nextIp()
    const search = (app: App) => client(app, ip).get('/search/podcast/surface?query=whale')
    // SEARCH_RATE_LIMIT_ANON is 4 a minute per address: two searches on each replica use it up.
    for (const app of [a.app, b, a.app, b]) expect((await search(app)).status).toBe(200)
    expect((await search(a.app)).status).toBe(429)
    expect((await search(b)).status).toBe(429)
  })

  it("makes a book written through one replica searchable through the other from the embed worker's announcement", async () => {
    const row = await writeIdeaBook(a.app, IDEA_BOOKS.whale)
    await until('b to load the new vectors', () => b.ideaSearch.current.bookCount === 1)
    const found = await client(b).get<{ _id: string }[]>(ideaSearchUrl(IDEA_BOOKS.whale.ideas))
    expect(found.status).toBe(200)
    expect(found.body.data.map((x) => x._id)).toContain(row.id)
  })

  it('serves the same home page Top 20 from either replica', async () => {
    const fromA = await client(a.app).get('/home/page')
    const fromB = await client(b).get('/home/page')
    expect(fromA.status).toBe(200)
    expect(fromB.body.data).toEqual(fromA.body.data)
  })
})
