import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing } from '@bookstrut/core/testing'
import { createMeiliSurfaceIndex, toSurfaceBook } from '@bookstrut/search'
import { MeiliStandIn } from '@bookstrut/search/testing'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'

// Keyword search leaves out the caller's ghosted titles before counting and paging, as idea search does, with
// either surface index the app can run on: PostgreSQL (the default) and Meilisearch (MEILI_URL; here the
// protocol stand-in from services/search, no Meilisearch binary exists on this machine).

interface Setup {
  t: TestApp
  stop(): Promise<void>
}

const adapters: { name: string; start(): Promise<Setup> }[] = [
  {
    name: 'postgres',
    async start() {
      const t = await buildTestApp()
      return { t, stop: () => t.close() }
    },
  },
  {
    name: 'meilisearch (protocol stand-in)',
    async start() {
      const meili = await new MeiliStandIn().start()
      const t = await buildTestApp({ MEILI_URL: meili.url })
      return {
        t,
        async stop() {
          await t.close()
          await meili.stop()
        },
      }
    },
  },
]

type Results = { _id: string }[]

describe.each(adapters)('keyword search and ghosts on $name', (adapter) => {
  let setup: Setup
  const books: string[] = []

  beforeAll(async () => {
    setup = await adapter.start()
    const { db } = setup.t.app
    for (const n of [1, 2, 3])
      books.push(
        (await buildListing(db, { title: `Nightingale Road ${n}`, description: 'Songs at dusk on a lane.' }))
          .id,
      )
    // What the surface-index worker does for new books (a no-op on PostgreSQL, which reads its own tables).
    if (setup.t.config.search.meili) {
      const writer = createMeiliSurfaceIndex({ url: setup.t.config.search.meili.url, key: undefined })
      const rows = await db.selectFrom('podcasts').selectAll().where('id', 'in', books).execute()
      await writer.upsert(rows.map((r) => toSurfaceBook({ ...r, owner_blocked: false })))
    }
  })
  afterAll(async () => setup?.stop())

  it("leaves the caller's ghosted title out of the results, the total and the pages, and brings it back when un-ghosted", async () => {
    const reader = await buildUser(setup.t.app.db)
    const api = client(setup.t.app)
    const search = (page: number, token?: string) =>
      api.get<Results>(
        `/search/podcast/surface?query=nightingale&limit=2&page=${page}${token ? `&userid=${reader.id}` : ''}`,
        token ? { token } : {},
      )
    const listed = async (token?: string) => {
      const [first, second] = [await search(1, token), await search(2, token)]
      return { ids: [...first.body.data, ...second.body.data].map((p) => p._id), first, second }
    }

    const before = await listed(reader.token)
    expect(before.ids.sort()).toEqual([...books].sort())
    expect(before.first.body).toMatchObject({ total: 3, totalPages: 2 })

    const ghosted = before.first.body.data[0]!._id
    const ghost = await api.post(
      '/create/ghostmode',
      { userId: reader.id, podcastId: ghosted },
      { token: reader.token },
    )
    expect(ghost.status).toBe(200)
    const hidden = await listed(reader.token)
    expect(hidden.ids.sort()).toEqual(books.filter((id) => id !== ghosted).sort())
    expect(hidden.first.body).toMatchObject({ total: 2, totalPages: 1 })
    expect(hidden.first.body.data).toHaveLength(2)
    expect(hidden.second.body.data).toEqual([])
    // Nobody else's results change.
    const anonymous = await listed()
    expect(anonymous.ids.sort()).toEqual([...books].sort())
    expect(anonymous.first.body.total).toBe(3)

    const removed = await setup.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/remove/ghostmode?userId=${reader.id}&podcastId=${ghosted}`,
      headers: { authorization: `Bearer ${reader.token}` },
    })
    expect(removed.statusCode).toBe(200)
    const back = await listed(reader.token)
    expect(back.ids.sort()).toEqual([...books].sort())
    expect(back.first.body).toMatchObject({ total: 3, totalPages: 2 })
  })

  it("refuses a search in another reader's name", async () => {
    const [reader, other] = [await buildUser(setup.t.app.db), await buildUser(setup.t.app.db)]
    const res = await client(setup.t.app).get(
      `/search/podcast/surface?query=nightingale&userid=${reader.id}`,
      {
        token: other.token,
      },
    )
    expect(res.status).toBe(403)
  })
})
