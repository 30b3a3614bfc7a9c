import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Type } from '@sinclair/typebox'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { injectCall } from '../../test/inject-call.js'
import { buildUser } from '@bookstrut/accounts/testing'
import { strictSchema } from './validation.js'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const call = injectCall(() => t.app)

const userRow = (id: string) =>
  t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

const savedSearches = (userId: string) =>
  t.app.db.selectFrom('search_history').selectAll().where('user_id', '=', userId).execute()

const terms = { fistKeyWord: 'a lighthouse', secondKeyWord: 'storms at sea', thirdKeyWord: 'letters' }

describe('JSON bodies are strict', () => {
  it('answers 400 for an unknown field and stores nothing', async () => {
    const reader = await buildUser(t.app.db)
    const res = await call('POST', '/create/search/history', reader.token, {
      userId: reader.id,
      ...terms,
      pinned: true,
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      success: false,
      code: 'VALIDATION',
      message: 'pinned: is not a field of this request; remove it',
      data: { errors: [{ field: 'pinned', message: 'pinned: is not a field of this request; remove it' }] },
    })
    expect(await savedSearches(reader.id)).toEqual([])
  })

  it('refuses a mass-assigned field on a profile update and leaves the account as it was', async () => {
    const reader = await buildUser(t.app.db)
    const before = await userRow(reader.id)
    const res = await call('PUT', `/update/user?id=${reader.id}`, reader.token, {
      first_name: 'Mallory',
      is_blocked: false,
      role: 'author',
      isVerified: true,
    })
    expect(res.status).toBe(400)
    expect(res.body.data.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'isVerified',
      'is_blocked',
    ])
    expect(await userRow(reader.id)).toEqual(before)
  })

  it('answers 400 for last_name: false instead of storing the text "false"', async () => {
    const reader = await buildUser(t.app.db)
    const before = await userRow(reader.id)
    const res = await call('PUT', `/update/user?id=${reader.id}`, reader.token, { last_name: false })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('last_name: must be string')
    expect((await userRow(reader.id)).last_name).toBe(before.last_name)
  })

  it('refuses a JSON null where the document asks for an object, even where no body at all is fine', async () => {
    const reader = await buildUser(t.app.db)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/refresh-token/user',
      headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
      payload: 'null',
    })
    expect(res.statusCode).toBe(400)
  })

  it('does not turn numbers into text either', async () => {
    const reader = await buildUser(t.app.db)
    const res = await call('POST', '/create/search/history', reader.token, {
      userId: reader.id,
      ...terms,
      thirdKeyWord: 42,
    })
    expect(res.status).toBe(400)
    expect(await savedSearches(reader.id)).toEqual([])
  })

  it('makes nested objects strict too, leaving the shared schema untouched', () => {
    const shared = Type.Object({ a: Type.Object({ b: Type.String() }) })
    const schema = strictSchema(shared)
    expect(schema).toMatchObject({
      additionalProperties: false,
      properties: { a: { additionalProperties: false } },
    })
    expect(shared).not.toHaveProperty('additionalProperties')
    expect(() =>
      strictSchema(Type.Object({ x: Type.Intersect([Type.Object({}), Type.Object({})]) })),
    ).toThrow(/allOf/)
  })

  it('still accepts valid bodies', async () => {
    const reader = await buildUser(t.app.db)
    const saved = await call('POST', '/create/search/history', reader.token, { userId: reader.id, ...terms })
    expect(saved.status).toBe(200)
    const updated = await call('PUT', `/update/user?id=${reader.id}`, reader.token, {
      last_name: 'Lovelace',
      websiteAndSocialLinks: ['https://example.com'],
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data.last_name).toBe('Lovelace')
  })
})

describe('multipart without a boundary', () => {
  it('answers 400, not a 500, before any route reads the form', async () => {
    const reader = await buildUser(t.app.db)
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/update/user?id=${reader.id}`,
      headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'multipart/form-data' },
      payload: 'first_name=x',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION',
      message: expect.stringMatching(/boundary/),
    })
  })
})

describe('query strings are still text to coerce', () => {
  it('reads page=2 as a number and keeps ignoring unknown query parameters', async () => {
    const reader = await buildUser(t.app.db)
    const res = await call(
      'GET',
      `/ghostmodepodcast?userId=${reader.id}&page=2&limit=5&_=1700000000`,
      reader.token,
    )
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
  })
})

describe('the OpenAPI document', () => {
  it('says additionalProperties: false on every JSON body, as the server enforces', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const bodies = Object.values(doc.paths as Record<string, Record<string, any>>)
      .flatMap((ops) => Object.values(ops))
      .map((op) => op.requestBody?.content?.['application/json']?.schema)
      .filter((schema) => schema !== undefined)
    expect(bodies.length).toBeGreaterThan(5)
    for (const schema of bodies) expect(schema.additionalProperties).toBe(false)
  })

  it('marks the one body the server may go without (the session check) as optional, and only that one', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const optional = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody && op.requestBody.required === false)
        .map(([method]) => `${method} ${path}`),
    )
    expect(optional).toEqual(['post /api/v1/refresh-token/user'])
    expect(JSON.stringify(doc)).not.toContain('x-optional-body')
  })
})
