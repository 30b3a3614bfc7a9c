import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildListing, createTestDb, type TestDb } from '@bookstrut/core/testing'
import { DEFAULT_SHARED_DATA_DIR } from './shared-data.js'
import { agreedIdeaPairs, loadDevHoldOut } from './found-idea-pairs.js'

/*
 * The agreed "found it" ideas `npm run encoder:pairs` adds: only agreed ones (the table holds nothing else), only of
 * public books, and never what the dev split of reddit-tomt-books-dev holds out (its answers' titles, its ideas).
 */

let t: TestDb
const dataDir = process.env.SHARED_DATA_DIR ?? DEFAULT_SHARED_DATA_DIR

beforeAll(async () => {
  t = await createTestDb('foundpairs')
})
afterAll(async () => t?.drop())

async function bookWithAgreedIdea(title: string, idea: string) {
  const { id } = await buildListing(t.db, { title, description: `${title}: a story.` })
  await t.db
    .insertInto('book_found_ideas')
    .values({
      podcast_id: id,
      idea_key: idea.toLowerCase(),
      idea,
      readers: 3,
      networks: 2,
      agreed_at: new Date(),
      // Only an approved idea is a training pair (issue 45: nothing unmoderated trains the encoder).
      status: 'approved',
    })
    .execute()
  return id
}

it('writes agreed ideas of public books as pairs, holding out the dev split and private books', async () => {
  const holdOut = await loadDevHoldOut(dataDir)
  // A dev answer (split "validation": "Mama Cat Has Three Kittens") and a dev request's idea.
  expect(holdOut.titles.has('mama cat has three kittens')).toBe(true)
  await bookWithAgreedIdea('Mama Cat Has Three Kittens (Picture Book)', 'three cats on a fence')
  await bookWithAgreedIdea('The Quiet Litter', 'A litter of kittens with one sleepy brother!')
  await bookWithAgreedIdea('The Hidden Garden', 'my aunt gave it to me on a rainy ferry crossing')
  const hidden = await bookWithAgreedIdea('Not Yet Approved', 'a lighthouse that sings at night')

  const { pairs, heldOut } = await agreedIdeaPairs(t.db, (id) => id !== hidden, holdOut)
  expect(heldOut).toBe(2)
  expect(pairs).toEqual([
    {
      anchor: 'my aunt gave it to me on a rainy ferry crossing',
      positive: 'The Hidden Garden. The Hidden Garden: a story.',
    },
  ])
})
