import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '@bookstrut/core/testing'
import { topicsRepo, TOPIC_MIN_NETWORKS, TOPIC_MIN_SEARCHERS } from '@bookstrut/search'
import { approveDemoTopics, DEMO_TOPIC_IDEAS, OPERATOR, seedDemoSearches } from './demo-searches.js'

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

it("approves the demo's ideas as the operator's word, recorded once in the audit log", async () => {
  expect(await approveDemoTopics(t.db)).toBe(DEMO_TOPIC_IDEAS.flat().length)
  expect(await approveDemoTopics(t.db)).toBe(0)
  const rows = await t.db.selectFrom('topic_candidates').select(['idea', 'status', 'decided_by']).execute()
  expect(rows.map((r) => r.idea).sort()).toEqual(DEMO_TOPIC_IDEAS.flat().toSorted())
  expect(rows.every((r) => r.status === 'approved' && r.decided_by === null)).toBe(true)
  const entries = await t.db
    .selectFrom('admin_audit_log')
    .select(['action', 'admin_id', 'admin_email'])
    .execute()
  expect(entries).toHaveLength(DEMO_TOPIC_IDEAS.flat().length)
  expect(entries.every((e) => e.action === 'topic.approve' && e.admin_id === OPERATOR.id)).toBe(true)
})
