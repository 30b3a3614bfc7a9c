import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '@bookstrut/core/testing'
import { topicsRepo, TOPIC_MIN_NETWORKS, TOPIC_MIN_SEARCHERS } from '@bookstrut/search'
import { DEMO_TOPIC_IDEAS, seedDemoSearches } from './demo-searches.js'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb('demo_searches')
})
afterAll(async () => {
  await t?.drop()
})

it('saves searches that make every demo idea a topic candidate, the same on a second run', async () => {
  await seedDemoSearches(t.db)
  await seedDemoSearches(t.db)
  const ideas = await topicsRepo.searchedIdeas(t.db, {
    minSearchers: TOPIC_MIN_SEARCHERS,
    minNetworks: TOPIC_MIN_NETWORKS,
    since: new Date(Date.now() - 60_000),
    limit: 100,
  })
  expect(ideas.map((i) => i.idea).sort()).toEqual(DEMO_TOPIC_IDEAS.flat().toSorted())
  expect(ideas.every((i) => i.searchers === TOPIC_MIN_SEARCHERS)).toBe(true)
  expect(
    await t.db
      .selectFrom('search_history')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ).toEqual({
    n: TOPIC_MIN_SEARCHERS * DEMO_TOPIC_IDEAS.length,
  })
})
