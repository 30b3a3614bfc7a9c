import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { searchHistoryRepo } from '@bookstrut/search'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { injectCall } from '../../test/inject-call.js'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const call = injectCall(() => t.app)

const rowsOf = (userId: string) =>
  t.app.db.selectFrom('search_history').selectAll().where('user_id', '=', userId).orderBy('id').execute()

const terms = (a: string, b: string, c: string) => ({ fistKeyWord: a, secondKeyWord: b, thirdKeyWord: c })
/** PUT /update/search/history of the saved search `id`. */
const update = (id: string, token: string | undefined, body: unknown) =>
  call('PUT', `/update/search/history?id=${id}`, token, body)

async function save(user: { id: string; token: string }, a: string, b: string, c: string) {
  const res = await call('POST', '/create/search/history', user.token, { userId: user.id, ...terms(a, b, c) })
  expect(res.status).toBe(200)
  return res.body.data
}

it('saves, lists newest first, edits, deletes one and clears the owner’s searches', async () => {
  const reader = await buildUser(t.app.db)
  const created = await call('POST', '/create/search/history', reader.token, {
    userId: reader.id,
    ...terms('  a lonely lighthouse keeper ', 'storms at sea', 'letters never sent'),
  })
  expect(created.status).toBe(200)
  expect(created.body).toEqual({
    success: true,
    message: 'Search history saved successfully',
    data: {
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      userId: reader.id,
      ...terms('a lonely lighthouse keeper', 'storms at sea', 'letters never sent'),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    },
  })
  const first = created.body.data
  t.clock.advance(1000)
  const second = await save(reader, 'dragons', 'a stolen crown', 'twin sisters')

  const list = await call('GET', `/get/all/search/history?userId=${reader.id}`, reader.token)
  expect(list.status).toBe(200)
  expect(list.body.success).toBe(true)
  expect(list.body.data.map((i: { _id: string }) => i._id)).toEqual([second._id, first._id])

  t.clock.advance(1000)
  const edited = await update(first._id, reader.token, {
    ...terms('a lighthouse keeper', ' storms ', 'letters'),
  })
  expect(edited.status).toBe(200)
  expect(edited.body.message).toBe('Search history updated successfully')
  expect(edited.body.data).toMatchObject({
    _id: first._id,
    ...terms('a lighthouse keeper', 'storms', 'letters'),
  })
  expect(Date.parse(edited.body.data.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt))
  // An edit counts as recent: the edited item comes first.
  const afterEdit = await call('GET', `/get/all/search/history?userId=${reader.id}`, reader.token)
  expect(afterEdit.body.data.map((i: { _id: string }) => i._id)).toEqual([first._id, second._id])
  expect(await rowsOf(reader.id)).toContainEqual(
    expect.objectContaining({ id: first._id, first_term: 'a lighthouse keeper', second_term: 'storms' }),
  )

  const removed = await call('DELETE', `/delete/search/history?id=${second._id}`, reader.token)
  expect(removed).toEqual({
    status: 200,
    body: { success: true, message: 'Search history deleted successfully', data: null },
  })
  expect((await rowsOf(reader.id)).map((r) => r.id)).toEqual([first._id])
  expect((await call('DELETE', `/delete/search/history?id=${second._id}`, reader.token)).status).toBe(404)

  await save(reader, 'one', 'two', 'three')
  const cleared = await call('DELETE', `/delete/many/search/history?userId=${reader.id}`, reader.token)
  expect(cleared).toEqual({
    status: 200,
    body: { success: true, message: 'Search history cleared successfully', data: { deletedCount: 2 } },
  })
  expect(await rowsOf(reader.id)).toEqual([])
  const empty = await call('GET', `/get/all/search/history?userId=${reader.id}`, reader.token)
  expect(empty.body).toMatchObject({ success: true, data: [] })
  const again = await call('DELETE', `/delete/many/search/history?userId=${reader.id}`, reader.token)
  expect(again.body.data).toEqual({ deletedCount: 0 })
})

it('keeps one item for the same three terms (trimmed, any case) and moves it to the top', async () => {
  const reader = await buildUser(t.app.db)
  const original = await save(reader, 'Space Pirates', 'a lost map', 'found family')
  t.clock.advance(1000)
  const other = await save(reader, 'whales', 'ice', 'a long winter')
  t.clock.advance(1000)
  const repeated = await save(reader, '  space pirates', 'A LOST MAP  ', 'Found Family')

  expect(repeated).toMatchObject({
    _id: original._id,
    ...terms('Space Pirates', 'a lost map', 'found family'),
    createdAt: original.createdAt,
  })
  expect(Date.parse(repeated.updatedAt)).toBeGreaterThan(Date.parse(other.updatedAt))
  const rows = await rowsOf(reader.id)
  expect(rows).toHaveLength(2)
  const list = await call('GET', `/get/all/search/history?userId=${reader.id}`, reader.token)
  expect(list.body.data.map((i: { _id: string }) => i._id)).toEqual([original._id, other._id])

  // The same terms saved by someone else are their own item.
  const someoneElse = await buildUser(t.app.db)
  const theirs = await save(someoneElse, 'space pirates', 'a lost map', 'found family')
  expect(theirs._id).not.toBe(original._id)
})

it('answers 409 when an edit would make two items of the same search, and changes nothing', async () => {
  const reader = await buildUser(t.app.db)
  const kept = await save(reader, 'robots', 'gardens', 'grief')
  const edited = await save(reader, 'owls', 'night', 'a map')
  const res = await update(edited._id, reader.token, {
    ...terms('ROBOTS ', 'gardens', ' Grief'),
  })
  expect(res.status).toBe(409)
  expect(res.body).toMatchObject({
    success: false,
    code: 'CONFLICT',
    message: 'This search is already saved.',
  })
  const rows = await rowsOf(reader.id)
  expect(rows).toHaveLength(2)
  expect(rows).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: kept._id, first_term: 'robots' }),
      expect.objectContaining({ id: edited._id, first_term: 'owls', updated_at: new Date(edited.updatedAt) }),
    ]),
  )
})

it('refuses anonymous callers with 401 and writes nothing', async () => {
  const reader = await buildUser(t.app.db)
  const item = await save(reader, 'a', 'b', 'c')
  const answers = [
    await call('POST', '/create/search/history', undefined, { userId: reader.id, ...terms('x', 'y', 'z') }),
    await call('GET', `/get/all/search/history?userId=${reader.id}`),
    await update(item._id, undefined, terms('x', 'y', 'z')),
    await call('DELETE', `/delete/search/history?id=${item._id}`),
    await call('DELETE', `/delete/many/search/history?userId=${reader.id}`),
  ]
  for (const res of answers) {
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED', data: null })
  }
  expect(await rowsOf(reader.id)).toMatchObject([{ id: item._id, first_term: 'a' }])
})

it('keeps another user out: 403 on their list, clear and create, 404 on their items, nothing changes', async () => {
  const owner = await buildUser(t.app.db)
  const intruder = await buildUser(t.app.db)
  const item = await save(owner, 'mountains', 'a secret', 'old friends')
  const before = await rowsOf(owner.id)

  const list = await call('GET', `/get/all/search/history?userId=${owner.id}`, intruder.token)
  expect(list.status).toBe(403)
  expect(list.body).toMatchObject({ success: false, code: 'FORBIDDEN', data: null })
  const clear = await call('DELETE', `/delete/many/search/history?userId=${owner.id}`, intruder.token)
  expect(clear.status).toBe(403)
  expect(clear.body.code).toBe('FORBIDDEN')
  const create = await call('POST', '/create/search/history', intruder.token, {
    userId: owner.id,
    ...terms('x', 'y', 'z'),
  })
  expect(create.status).toBe(403)

  const del = await call('DELETE', `/delete/search/history?id=${item._id}`, intruder.token)
  expect(del.status).toBe(404)
  expect(del.body).toEqual({
    success: false,
    code: 'NOT_FOUND',
    message: 'Search history not found',
    data: null,
  })
  // Exactly as for an id that does not exist at all.
  const unknown = await call('DELETE', '/delete/search/history?id=ffffffffffffffffffffffff', intruder.token)
  expect(unknown.body).toEqual(del.body)
  const edit = await update(item._id, intruder.token, terms('x', 'y', 'z'))
  expect(edit.status).toBe(404)
  expect(edit.body.message).toBe('Search history not found')

  expect(await rowsOf(owner.id)).toEqual(before)
  expect(await rowsOf(intruder.id)).toEqual([])
})

it('lets an admin read and clear any user’s searches', async () => {
  const reader = await buildUser(t.app.db)
  const admin = await buildUser(t.app.db, { role: 'admin' })
  const item = await save(reader, 'tea', 'trains', 'tigers')
  const list = await call('GET', `/get/all/search/history?userId=${reader.id}`, admin.token)
  expect(list.body.data).toMatchObject([{ _id: item._id }])
  const cleared = await call('DELETE', `/delete/many/search/history?userId=${reader.id}`, admin.token)
  expect(cleared.body.data).toEqual({ deletedCount: 1 })
  expect(await rowsOf(reader.id)).toEqual([])
})

it('answers 404 (not a 500) when an admin saves a search for an account that does not exist', async () => {
  const admin = await buildUser(t.app.db, { role: 'admin' })
  const nobody = '000000000000000000000000'
  const res = await call('POST', '/create/search/history', admin.token, {
    userId: nobody,
    ...terms('a', 'b', 'c'),
  })
  expect(res.status).toBe(404)
  expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'User not found' })
  expect(await rowsOf(nobody)).toEqual([])
})

it('answers 400 with a readable message for a blank, missing or overlong term, and writes nothing', async () => {
  const reader = await buildUser(t.app.db)
  const create = (payload: object) => call('POST', '/create/search/history', reader.token, payload)

  const blank = await create({ userId: reader.id, ...terms('dogs', '   ', 'cats') })
  expect(blank.status).toBe(400)
  expect(blank.body).toMatchObject({
    success: false,
    code: 'VALIDATION',
    message: 'Idea #2 cannot be empty.',
  })
  const empty = await create({ userId: reader.id, ...terms('', 'dogs', 'cats') })
  expect(empty.body.message).toBe('Idea #1 cannot be empty.')
  const missing = await create({ userId: reader.id, fistKeyWord: 'dogs', secondKeyWord: 'cats' })
  expect(missing.status).toBe(400)
  expect(missing.body.message).toBe('Idea #3 cannot be empty.')
  const long = await create({ userId: reader.id, ...terms('dogs', 'cats', 'x'.repeat(301)) })
  expect(long.status).toBe(400)
  expect(long.body.message).toBe('Idea #3 is too long: keep each idea under 300 characters.')
  const notText = await create({ userId: reader.id, ...terms('dogs', 'cats', { a: 1 } as unknown as string) })
  expect(notText.status).toBe(400)
  expect(notText.body.message).toBe('Idea #3 must be text.')
  expect(await rowsOf(reader.id)).toEqual([])

  const item = await save(reader, 'dogs', 'cats', 'x'.repeat(300))
  const edit = await update(item._id, reader.token, terms('dogs', '', 'cats'))
  expect(edit.status).toBe(400)
  expect(edit.body.message).toBe('Idea #2 cannot be empty.')
  expect(await rowsOf(reader.id)).toMatchObject([{ id: item._id, second_term: 'cats' }])
  const badId = await call('DELETE', '/delete/search/history?id=42', reader.token)
  expect(badId.status).toBe(400)
  expect(badId.body.code).toBe('VALIDATION')
})

it('answers 403 BLOCKED to every write of a blocked user, who may still read', async () => {
  const user = await buildUser(t.app.db, { blocked: true })
  const item = await searchHistoryRepo.recordSearch(t.app.db, user.id, ['saved', 'before', 'the block'])
  const writes = [
    await call('POST', '/create/search/history', user.token, { userId: user.id, ...terms('x', 'y', 'z') }),
    await update(item.id, user.token, terms('x', 'y', 'z')),
    await call('DELETE', `/delete/search/history?id=${item.id}`, user.token),
    await call('DELETE', `/delete/many/search/history?userId=${user.id}`, user.token),
  ]
  for (const res of writes) {
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({
      success: false,
      code: 'BLOCKED',
      data: { isBlocked: true, notes: 'Blocked in a test' },
    })
  }
  expect(await rowsOf(user.id)).toMatchObject([{ id: item.id, first_term: 'saved', third_term: 'the block' }])
  const list = await call('GET', `/get/all/search/history?userId=${user.id}`, user.token)
  expect(list.status).toBe(200)
  expect(list.body.data).toHaveLength(1)
})

it('records searches through the repository with the same upsert, and lists only the 100 most recent', async () => {
  const reader = await buildUser(t.app.db)
  const start = Date.now()
  for (let i = 0; i < 105; i++)
    await searchHistoryRepo.recordSearch(
      t.app.db,
      reader.id,
      [`idea ${i}`, 'b', 'c'],
      new Date(start + i * 1000),
    )
  const again = await searchHistoryRepo.recordSearch(
    t.app.db,
    reader.id,
    [' IDEA 0 ', 'B', 'c'],
    new Date(start + 200_000),
  )
  expect(again.first_term).toBe('idea 0')
  expect(await rowsOf(reader.id)).toHaveLength(105)

  const list = await call('GET', `/get/all/search/history?userId=${reader.id}`, reader.token)
  expect(list.body.data).toHaveLength(searchHistoryRepo.SEARCH_HISTORY_LIST_LIMIT)
  const firstTerms = list.body.data.map((i: { fistKeyWord: string }) => i.fistKeyWord)
  expect(firstTerms.slice(0, 3)).toEqual(['idea 0', 'idea 104', 'idea 103'])
  // The oldest items (idea 1 to idea 5) fall off the list but stay stored.
  expect(firstTerms).not.toContain('idea 5')
  expect(firstTerms).toContain('idea 6')
})

it('limits saved-search writes to 120 an hour per account: then 429 with Retry-After and nothing written', async () => {
  const reader = await buildUser(t.app.db)
  // 118 of the hour's 120 spent; the next two writes go through, the third is refused.
  for (let i = 0; i < 118; i++) await t.app.limits.count('searchHistoryWritesPerAccount', reader.id)
  const saved = await save(reader, 'a whale hunt', 'obsession', 'the sea')
  expect((await update(saved._id, reader.token, terms('a whale hunt', 'obsession', 'a ship'))).status).toBe(
    200,
  )
  const refused = await t.app.inject({
    method: 'POST',
    url: '/api/v1/create/search/history',
    headers: { authorization: `Bearer ${reader.token}` },
    payload: { userId: reader.id, ...terms('other', 'terms', 'here') },
  })
  expect(refused.statusCode).toBe(429)
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  expect((await call('DELETE', `/delete/search/history?id=${saved._id}`, reader.token)).status).toBe(429)
  expect(await rowsOf(reader.id)).toHaveLength(1)
  // Another reader's bucket is their own; and a forged userId is refused by the policy (403) before counting.
  const other = await buildUser(t.app.db)
  const forged = await call('POST', '/create/search/history', other.token, {
    userId: reader.id,
    ...terms('x', 'y', 'z'),
  })
  expect(forged.status).toBe(403)
  expect(await t.app.limits.used('searchHistoryWritesPerAccount', other.id)).toBe(0)
  await save(other, 'x', 'y', 'z')
})
