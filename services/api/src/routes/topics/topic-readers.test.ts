import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { topicsRepo, TOPIC_MIN_NETWORKS, TOPIC_MIN_SEARCHERS, TOPIC_WINDOW_DAYS } from '@bookstrut/search'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { IDEA_BOOKS, ideaSearchUrl, writeIdeaBooks } from '../../test/idea-books.js'
import { client } from '../../test/api-client.js'

/*
 * Who makes a topic (issue 45): three sign-ups on one address saved the same phrase and it became a public topic.
 * Readers search through the real idea search (which saves each signed-in search with its network); the topics
 * job's query decides what is a candidate. One person is one reader: accounts behind one network are one place,
 * and accounts made today weigh a tenth.
 */

let t: TestApp
let seq = 0

beforeAll(async () => {
  t = await buildTestApp()
  await writeIdeaBooks(t.app, { wizard: IDEA_BOOKS.wizard }, { language: 'en-US' }, 'the book to be indexed')
}, 180_000)
afterAll(async () => t?.close())

/** The reader searches for `idea` beside two ideas of their own, from `ip`. */
async function searchFrom(reader: { token: string }, ip: string, idea: string) {
  seq += 1
  const res = await client(t.app, ip).get(
    ideaSearchUrl([idea, `my own thought number ${seq}`, `another private memory ${seq}`]),
    { token: reader.token },
  )
  expect(res.status).toBe(200)
}

const candidates = async () =>
  (
    await topicsRepo.searchedIdeas(t.app.db, {
      minSearchers: TOPIC_MIN_SEARCHERS,
      minNetworks: TOPIC_MIN_NETWORKS,
      since: new Date(t.clock.now().getTime() - TOPIC_WINDOW_DAYS * 86_400_000),
      limit: 100,
    })
  ).map((c) => [c.idea, c.searchers, c.networks])

describe('topic candidates count people, not accounts', () => {
  it('three accounts on one address, or three made today on three networks, make no topic; three readers on three networks do', async () => {
    for (let i = 0; i < 3; i++)
      await searchFrom(await buildUser(t.app.db), '203.0.113.40', 'the wizard king returns')
    for (const ip of ['192.0.2.8', '198.18.1.8', '198.19.1.8'])
      await searchFrom(await buildUser(t.app.db, { createdAt: t.clock.now() }), ip, 'a castle full of spells')
    for (const ip of ['203.0.113.9', '198.51.100.9', '192.0.2.9'])
      await searchFrom(await buildUser(t.app.db), ip, 'a school of magic')
    expect(await candidates()).toEqual([['a school of magic', 3, 3]])
  })
})
