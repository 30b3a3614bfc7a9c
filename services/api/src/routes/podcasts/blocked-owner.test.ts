import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { top20Repo } from '@bookstrut/analytics'
import { newId } from '@bookstrut/core'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'
import { IDEA_BOOKS, ideaSearchUrl, requireServedModel, writeIdeaBooks } from '../../test/idea-books.js'

/*
 * One rule for who may see a book (issue 47; services/catalogue/src/visibility.ts): a blocked author's books are
 * public nowhere. An approved book is found, opened, favoured, ranked and reported on while its owner is in good
 * standing; once an admin blocks the owner it is absent from idea search, keyword search, the book page (404),
 * favourites, the Top 20 and events (404, as for an unknown title), and back everywhere once unblocked. Its owner
 * still sees it. Real parts throughout: the embed worker and idea index, the keyword index's triggers, BullMQ.
 */

let t: TestApp
let bookId: string
let ownerId: string
let ownerToken: string
let reader: { id: string; token: string }
let admin: { id: string; token: string }
const wizardIdeas = [
  'a boy finds out he is a wizard',
  'a school for magic in a castle',
  'friends fight an evil dark lord',
]
const KEYWORD = 'wand'

beforeAll(async () => {
  t = await buildTestApp()
  requireServedModel(t)
  const owner = await buildUser(t.app.db, { role: 'author' })
  ownerId = owner.id
  ownerToken = owner.token
  reader = await buildUser(t.app.db)
  admin = await buildUser(t.app.db, { role: 'admin' })
  const ids = await writeIdeaBooks(t.app, {
    wizard: { ...IDEA_BOOKS.wizard, create_by: ownerId },
    whale: IDEA_BOOKS.whale,
  })
  bookId = ids.wizard!
  // The latest Top 20 ranks the book first (as the top20 job would after readers engaged with it).
  await top20Repo.saveRanking(t.app.db, {
    id: newId(),
    computedAt: new Date(),
    entries: [
      { bookId, score: 10, readers: 5 },
      { bookId: ids.whale!, score: 5, readers: 3 },
    ],
  })
  const fav = await client(t.app).post(
    '/add/favorite',
    { userid: reader.id, podcastid: bookId },
    { token: reader.token },
  )
  expect(fav.status).toBe(200)
}, 120_000)

afterAll(async () => {
  await t?.close()
})

/** Where a reader may meet the book: true where it is shown (or, for events, accepted). */
async function whereShown() {
  const api = client(t.app)
  const [ideas, keyword, page, favourites, home, event] = await Promise.all([
    api.get<Array<{ _id: string }>>(ideaSearchUrl(wizardIdeas)),
    api.get<Array<{ _id: string }>>(`/search/podcast/surface?query=${KEYWORD}`),
    api.get(`/get/Single/Podcast?PodcastId=${bookId}`),
    api.get<Array<{ _id: string }>>(`/get/user/favorite?userId=${reader.id}`, { token: reader.token }),
    api.get(`/home/page?limit=20`),
    api.post('/events', { events: [{ type: 'play', podcastId: bookId }] }, { token: reader.token }),
  ])
  for (const res of [ideas, keyword, favourites, home]) expect(res.status).toBe(200)
  const has = (data: Array<{ _id: string }>) => data.some((p) => p._id === bookId)
  return {
    ideaSearch: has(ideas.body.data),
    keywordSearch: has(keyword.body.data),
    keywordTotal: (keyword.body as unknown as { total: number }).total,
    bookPage: page.status,
    favourites: has(favourites.body.data),
    top20: has((home.body.data as { data: Array<{ _id: string }> }).data),
    events: event.status,
  }
}

const setBlocked = async (blocked: boolean) => {
  const res = await client(t.app).post(
    blocked ? '/admin/block/user' : '/admin/unblock/user',
    blocked ? { userId: ownerId, notes: 'Spam' } : { userId: ownerId },
    { token: admin.token },
  )
  expect(res.status).toBe(200)
}

describe("a blocked author's book", () => {
  it('is shown everywhere while its owner is in good standing', async () => {
    expect(await whereShown()).toEqual({
      ideaSearch: true,
      keywordSearch: true,
      keywordTotal: 1,
      bookPage: 200,
      favourites: true,
      top20: true,
      events: 202,
    })
  })

  it('is absent from idea and keyword search, the book page, favourites, the Top 20 and events once blocked', async () => {
    await setBlocked(true)
    expect(await whereShown()).toEqual({
      ideaSearch: false,
      keywordSearch: false,
      // Not counted either: the keyword index itself left it out (the users trigger), not only the page.
      keywordTotal: 0,
      bookPage: 404,
      favourites: false,
      top20: false,
      events: 404,
    })
  })

  it('is still seen by its owner and by admins on the book page', async () => {
    const api = client(t.app)
    const own = await api.get(`/get/Single/Podcast?PodcastId=${bookId}`, { token: ownerToken })
    expect(own.status).toBe(200)
    const byAdmin = await api.get(`/get/Single/Podcast?PodcastId=${bookId}`, { token: admin.token })
    expect(byAdmin.status).toBe(200)
  })

  it('is shown everywhere again once its owner is unblocked', async () => {
    await setBlocked(false)
    expect(await whereShown()).toEqual({
      ideaSearch: true,
      keywordSearch: true,
      keywordTotal: 1,
      bookPage: 200,
      favourites: true,
      top20: true,
      events: 202,
    })
  })
})
