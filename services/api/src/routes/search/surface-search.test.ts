import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { buildListing, type ListingFields } from '@bookstrut/core/testing'
import { SURFACE_SEARCH_SHELF } from '@bookstrut/search/testing'

let t: TestApp
const ids: Record<string, string> = {}

async function listing(key: string, fields: ListingFields) {
  ids[key] = (await buildListing(t.app.db, { category_name: 'Classics', ...fields })).id
}

beforeAll(async () => {
  t = await buildTestApp()
  for (const [key, fields] of Object.entries(SURFACE_SEARCH_SHELF)) await listing(key, fields)
  await listing('hidden', {
    title: 'The Whale Who Waited',
    author: 'Pending Person',
    description:
      'A pending listing that nobody may find until a moderator approves it, whatever words it contains.',
    status: 0,
  })
})
afterAll(async () => t?.close())

const search = (qs: string) =>
  t.app
    .inject({ method: 'GET', url: `/api/v1/search/podcast/surface?${qs}` })
    .then((r) => ({ status: r.statusCode, body: r.json() }))

describe('keyword (surface) search', () => {
  it('ranks a title match above a match in the ideas or description, and finds only public titles', async () => {
    const res = await search('query=whale')
    expect(res.status).toBe(200)
    const found = res.body.data.map((p: { _id: string }) => p._id)
    expect(found).toEqual([ids.whaling, ids.moby])
    expect(found).not.toContain(ids.hidden)
    expect(res.body).toMatchObject({ total: 2, currentPage: 1, pageSize: 10, totalPages: 1 })
  })

  it('tolerates misspelt titles and authors', async () => {
    expect((await search('query=prejudise')).body.data.map((p: { _id: string }) => p._id)).toEqual([
      ids.pride,
    ])
    expect((await search('query=melvile')).body.data.map((p: { _id: string }) => p._id)).toEqual([ids.moby])
  })

  it('reads web search syntax: a phrase and an excluded word', async () => {
    expect(
      (await search(`query=${encodeURIComponent('"white whale"')}`)).body.data.map(
        (p: { _id: string }) => p._id,
      ),
    ).toEqual([ids.moby])
    expect(
      (await search(`query=${encodeURIComponent('whale -captain')}`)).body.data.map(
        (p: { _id: string }) => p._id,
      ),
    ).toEqual([ids.whaling])
  })

  it('answers an empty list for words nothing contains, and pages results', async () => {
    const none = await search('query=qwxzvbnm')
    expect(none.body).toMatchObject({ success: true, message: 'No results found', data: [], total: 0 })
    const second = await search('query=whale&limit=1&page=2')
    expect(second.body).toMatchObject({ total: 2, totalPages: 2, currentPage: 2 })
    expect(second.body.data.map((p: { _id: string }) => p._id)).toEqual([ids.moby])
  })

  it.each([['query='], ['query=%20%20'], ['']])('refuses %s with the spec message', async (qs) => {
    const res = await search(qs)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Please enter your search query.')
  })
})
