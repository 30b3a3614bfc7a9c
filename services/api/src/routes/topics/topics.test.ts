import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser, until } from '@bookstrut/core/testing'
import type { Topic, TopicSummary } from '@bookstrut/schemas'
import { buildUser } from '@bookstrut/accounts/testing'
import {
  decideReadersWords,
  refreshTopics,
  searchHistoryRepo,
  topicsRepo,
  TOPIC_MIN_SEARCHERS,
} from '@bookstrut/search'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { IDEA_BOOKS, writeIdeaBooks, type IdeaBook } from '../../test/idea-books.js'
import { client } from '../../test/api-client.js'

/*
 * Topic pages end to end inside the api: real Postgres, Redis, the BullMQ embed and topics workers, the local
 * sentence-embedding model and the in-memory idea index. Readers' saved searches make the topics; the idea search
 * finds their books.
 */

let t: TestApp
const ids: Record<string, string> = {}

const books: Record<string, IdeaBook> = {
  wizard: IDEA_BOOKS.wizard,
  whale: {
    ...IDEA_BOOKS.whale,
    description:
      'A sailor signs on to a whaling voyage and watches his captain chase a legendary white whale.',
  },
  mars: IDEA_BOOKS.mars,
}

/** Saves one search per reader: `first` as each reader typed it, beside two ideas of their own. */
async function searchedBy(spellings: string[]) {
  for (const [i, first] of spellings.entries()) {
    const reader = await insertUser(t.app.db)
    await searchHistoryRepo.recordSearch(t.app.db, reader, [first, `own idea ${i} a`, `own idea ${i} b`])
  }
}

const rankIdeas = (ideas: readonly string[]) => t.app.ideaSearch.current.rank(ideas)

/** The topic candidates the job queued, by slug. */
const candidates = () =>
  t.app.db
    .selectFrom('topic_candidates')
    .select(['id', 'slug', 'idea', 'readers', 'status'])
    .orderBy('slug')
    .execute()

beforeAll(async () => {
  // The topics job every second: its first run (nothing searched yet) keeps the empty set.
  t = await buildTestApp({}, undefined, { topicsEveryMs: 1000 })
  const defaults = { year_published: 2000, language: 'en-US' }
  Object.assign(ids, await writeIdeaBooks(t.app, books, defaults, 'the books to be indexed'))

  // Three readers, three spellings of one idea: one topic, its text normalised (never one reader's spelling).
  await searchedBy(['A School of  Magic', 'a school of magic ', 'a SCHOOL of magic'])
  await searchedBy(['stranded on mars', 'Stranded on Mars', 'stranded  on mars'])
  // Below the threshold: two readers only (one of them twice).
  const lonely = await insertUser(t.app.db)
  await searchHistoryRepo.recordSearch(t.app.db, lonely, ['whaling ship', 'x one', 'x two'])
  await searchHistoryRepo.recordSearch(t.app.db, lonely, ['whaling ship', 'y one', 'y two'])
  await searchedBy(['whaling ship'])
  // Enough readers, refused by the text rules.
  await searchedBy(['mail me at bob@example.com', 'mail me at bob@example.com', 'mail me at bob@example.com'])
  await searchedBy(['see www.example.com', 'see www.example.com', 'see www.example.com'])
  await searchedBy(['call 5551234', 'call 5551234', 'call 5551234'])
  await searchedBy(['fucking wizards', 'fucking wizards', 'fucking wizards'])
  await searchedBy(['a'.repeat(61), 'a'.repeat(61), 'a'.repeat(61)])
}, 180_000)

afterAll(async () => {
  await t?.close()
})

describe('the topics job', () => {
  it('queues ideas searched by several readers, normalised, with their books; only approved ones become topics', async () => {
    await until('the topics job to queue the candidates', async () => (await candidates()).length === 2)
    const queued = await candidates()
    // Below the threshold and refused texts (an address, a link, digits, profanity, too long) are not even queued.
    expect(queued.map((c) => [c.slug, c.idea, c.readers, c.status])).toEqual([
      ['a-school-of-magic', 'a school of magic', TOPIC_MIN_SEARCHERS, 'pending'],
      ['stranded-on-mars', 'stranded on mars', TOPIC_MIN_SEARCHERS, 'pending'],
    ])
    // Nothing a reader typed is public before an admin approved it.
    expect(await topicsRepo.listTopics(t.app.db)).toEqual([])

    const admin = await buildUser(t.app.db, { role: 'admin' })
    const actor = { id: admin.id, email: 'admin@example.com', requestId: null }
    const deps = { db: t.app.db, clock: t.clock, queues: t.app.queues }
    for (const c of queued)
      await decideReadersWords(deps, actor, { kind: 'topic', id: c.id, decision: 'approve' })

    const stored = await topicsRepo.listTopics(t.app.db)
    expect(stored.map((s) => [s.slug, s.idea, s.searchers])).toEqual([
      ['a-school-of-magic', 'a school of magic', TOPIC_MIN_SEARCHERS],
      ['stranded-on-mars', 'stranded on mars', TOPIC_MIN_SEARCHERS],
    ])
    const magic = await topicsRepo.topicBooks(t.app.db, 'a-school-of-magic')
    expect(magic[0]?.bookId).toBe(ids.wizard)
    const mars = await topicsRepo.topicBooks(t.app.db, 'stranded-on-mars')
    expect(mars[0]?.bookId).toBe(ids.mars)
    for (const b of [...magic, ...mars]) {
      expect(b.strutScore).toBeGreaterThan(0)
      expect(b.strutScore).toBeLessThanOrEqual(100)
    }
  })

  it('writes the same set again on a retry, and keeps the last good set when ranking fails', async () => {
    const before = await topicsRepo.topicBooks(t.app.db, 'a-school-of-magic')
    await refreshTopics({ db: t.app.db, rankIdeas }, new Date())
    await refreshTopics({ db: t.app.db, rankIdeas }, new Date())
    expect(await topicsRepo.topicBooks(t.app.db, 'a-school-of-magic')).toEqual(before)
    expect((await topicsRepo.listTopics(t.app.db)).map((s) => s.slug)).toEqual([
      'a-school-of-magic',
      'stranded-on-mars',
    ])

    let calls = 0
    const failing = async (ideas: readonly string[]) => {
      if (++calls === 2) throw new Error('index not loaded')
      return rankIdeas(ideas)
    }
    await expect(refreshTopics({ db: t.app.db, rankIdeas: failing }, new Date())).rejects.toThrow(
      'index not loaded',
    )
    expect(await topicsRepo.topicBooks(t.app.db, 'a-school-of-magic')).toEqual(before)
    expect(await topicsRepo.listTopics(t.app.db)).toHaveLength(2)
  })
})

describe('GET /topics and /topics/{slug}', () => {
  it('lists the topics and answers one with its books and Strut scores', async () => {
    const api = client(t.app)
    const list = await api.get<TopicSummary[]>('/topics')
    expect(list.status).toBe(200)
    expect(list.body.data.map((s) => s.idea)).toEqual(['a school of magic', 'stranded on mars'])
    expect(list.body.data[0]!.bookCount).toBeGreaterThan(0)

    const one = await api.get<Topic>('/topics/a-school-of-magic')
    expect(one.status).toBe(200)
    expect(one.body.data.idea).toBe('a school of magic')
    expect(one.body.data.books[0]).toMatchObject({ _id: ids.wizard, title: 'The Boy Who Found His Wand' })
    expect(one.body.data.books[0]!.strutScore).toBeGreaterThan(0)
  })

  it('leaves out a book that is no longer public', async () => {
    await t.app.db.updateTable('podcasts').set({ status: 2 }).where('id', '=', ids.mars!).execute()
    const one = await client(t.app).get<Topic>('/topics/stranded-on-mars')
    expect(one.status).toBe(200)
    expect(one.body.data.books.map((b) => b._id)).not.toContain(ids.mars)
    await t.app.db.updateTable('podcasts').set({ status: 1 }).where('id', '=', ids.mars!).execute()
  })

  it('answers 404 for an unknown slug and 400 for one that cannot be a slug, reading nothing', async () => {
    const api = client(t.app)
    const unknown = await api.get('/topics/time-travel')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Topic not found')
    for (const hostile of [
      '..%2F..%2Fetc%2Fpasswd',
      '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      'A-School',
      'a--b',
      "x'%20or%201%3D1--",
      'a'.repeat(81),
    ]) {
      const answer = await api.get(`/topics/${hostile}`)
      expect(answer.status, hostile).toBe(400)
      expect(answer.body.success).toBe(false)
    }
  })

  it('answers another method on a topic address with 405 and Allow, before reading any body', async () => {
    // QUERY (a body method, as schemathesis sends it) is missing from light-my-request's method type.
    for (const method of ['DELETE', 'QUERY'] as 'DELETE'[]) {
      const res = await t.app.inject({ method, url: '/api/v1/topics/a-school-of-magic' })
      expect(res.statusCode, method).toBe(405)
      expect(res.headers.allow).toContain('GET')
    }
  })

  it('refuses a flood from one address with 429 and Retry-After, other addresses unaffected', async () => {
    const flooder = client(t.app)
    const answers = []
    for (let i = 0; i < 121; i++) answers.push((await flooder.get('/topics')).status)
    expect(answers.slice(0, 120).every((s) => s === 200)).toBe(true)
    const refused = await flooder.get('/topics/a-school-of-magic')
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect((await client(t.app).get('/topics')).status).toBe(200)
  })
})
