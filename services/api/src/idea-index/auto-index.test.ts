import { afterAll, beforeAll, expect, it } from 'vitest'
import { announceBookChanges } from '@bookstrut/catalogue'
import { buildListing, until } from '@bookstrut/core/testing'
import type { ScoredPodcast } from '@bookstrut/schemas'
import { buildTestApp, type TestApp } from '../test/test-app.js'
import { client } from '../test/api-client.js'

/*
 * IDEA_INDEX=auto: an api process searches exactly until the catalogue reaches IDEA_INDEX_ANN_FROM_BOOKS books, then
 * builds the approximate index in the background and switches to it. The threshold is set to 3 books here (250,000
 * in production); the scores a reader sees must not change with the switch, since candidates are rescored exactly.
 * IDEA_INDEX=ann takes the same path whatever the size: exact while its projected rows are built, then approximate.
 */

let t: TestApp
const books: [string, [string, string, string]][] = [
  ['The White Whale', ['A captain hunts a giant whale', 'Life aboard a whaling ship', 'Revenge at sea']],
  [
    'Murder in the Snow',
    ['A detective on a snowbound train', 'Every passenger has a motive', 'Winter in Europe'],
  ],
  [
    'Alone on Mars',
    ['An astronaut stranded on Mars', 'Growing potatoes on another planet', 'Science saves him'],
  ],
  ['The Hidden Garden', ['A girl finds a secret garden', 'A sick cousin heals', 'A manor on the moors']],
]
const search = (app = t) =>
  client(app.app).get<ScoredPodcast[]>(
    '/search/podcast?' +
      new URLSearchParams({
        firstField: 'a sea captain chasing a whale',
        secondField: 'an astronaut alone on a planet',
        thirdField: 'a detective on a train',
      }).toString(),
  )
const scoresOf = (data: ScoredPodcast[]) => data.map((p) => [p.title, p.ideaScore, p.hellaScore])

/** An app with these idea-index settings and the four books in its idea index. */
async function appWithBooks(env: Record<string, string>): Promise<TestApp> {
  // A catch-up a day: the test runs the one that notices the size itself.
  const app = await buildTestApp({ IDEA_INDEX_CATCH_UP_MS: '86400000', ...env })
  for (const [title, ideas] of books) {
    const { id, updated_at } = await buildListing(app.app.db, { title, description: `${title}.`, ideas })
    await announceBookChanges(app.app.queues, [{ id, updatedAt: updated_at }], { surfaceIndex: false })
  }
  await until(
    'every book in the idea index',
    () => app.app.ideaSearch.current.bookCount === books.length,
    120_000,
  )
  return app
}

beforeAll(async () => {
  t = await appWithBooks({ IDEA_INDEX: 'auto', IDEA_INDEX_ANN_FROM_BOOKS: '3' })
}, 180_000)

afterAll(async () => {
  await t?.close()
})

it('searches exactly below the threshold, then switches to the approximate index without changing a score', async () => {
  const index = t.app.ideaSearch.current
  expect(index.kind).toBe('exact')
  const exact = await search()
  expect(exact.status).toBe(200)
  expect(
    exact.body.data
      .map((p) => p.title)
      .slice(0, 3)
      .sort(),
  ).toEqual(['Alone on Mars', 'Murder in the Snow', 'The White Whale'])

  await index.catchUp() // sees 4 books ≥ 3: builds the approximate index in the background
  await until('the approximate index in use', () => index.kind === 'ann', 60_000)
  const approximate = await search()
  expect(approximate.status).toBe(200)
  expect(scoresOf(approximate.body.data)).toEqual(scoresOf(exact.body.data))
})

it('IDEA_INDEX=ann: builds the approximate index once the exact one has loaded, and the scores stay those of exact search', async () => {
  const ann = await appWithBooks({ IDEA_INDEX: 'ann' })
  try {
    // Its index loaded before the books were listed; the catch-up that loads them starts the build.
    await ann.app.ideaSearch.current.catchUp()
    await until('the approximate index in use', () => ann.app.ideaSearch.current.kind === 'ann', 60_000)
    const approximate = await search(ann)
    expect(approximate.status).toBe(200)
    expect(scoresOf(approximate.body.data)).toEqual(scoresOf((await search()).body.data))
  } finally {
    await ann.close()
  }
}, 180_000)
