import { afterAll, beforeAll, expect, it } from 'vitest'
import { usersRepo } from '@bookstrut/accounts'
import { membershipsRepo } from '@bookstrut/billing'
import { newId, type Db } from '@bookstrut/core'
import { createTestDb, type TestDb } from '@bookstrut/core/testing'
import { CatalogueOwnerError, ensureCatalogueOwner } from './catalogue-owner.js'

let database: TestDb
let db: Db

beforeAll(async () => {
  database = await createTestDb('owner')
  db = database.db
})
afterAll(async () => {
  await database?.drop()
})

const insertUser = (email: string, role: 'reader' | 'author') =>
  usersRepo.insertUser(db, {
    id: newId(),
    email,
    first_name: 'F',
    last_name: 'L',
    role,
    password_hash: 'x',
    is_verified: true,
  })
const memberships = (userId: string) =>
  db.selectFrom('memberships').selectAll().where('user_id', '=', userId).orderBy('purchase_date').execute()

it('creates the owner once, as a verified publisher on the unlimited plan', async () => {
  const now = new Date()
  const [a, b] = await Promise.all([
    ensureCatalogueOwner(db, 'catalogue@bookstrut.local', 10, now),
    ensureCatalogueOwner(db, 'catalogue@bookstrut.local', 10, now),
  ])
  expect(a?.user.id).toBe(b?.user.id)
  expect([a?.created, b?.created].filter(Boolean)).toHaveLength(1)
  expect(a?.user).toMatchObject({ role: 'publisher', is_verified: true })
  const again = await ensureCatalogueOwner(db, 'catalogue@bookstrut.local', 10, now)
  expect(again).toMatchObject({ created: false, planGranted: false })
  const current = await membershipsRepo.currentMembership(db, again.user.id)
  expect(current).toMatchObject({
    plan_name: 'Elite Strut',
    book_limit: -1,
    price: '0.00',
    expiry_date: null,
  })
  expect((await memberships(again.user.id)).filter((m) => m.is_current)).toHaveLength(1)
})

it('moves an existing author from the free plan to the unlimited one, and refuses a reader', async () => {
  const author = await insertUser('writer@example.com', 'author')
  await membershipsRepo.ensureFreeMembership(db, author.id, new Date(Date.now() - 1000))
  const owner = await ensureCatalogueOwner(db, 'writer@example.com', 10, new Date())
  expect(owner).toMatchObject({ created: false, planGranted: true })
  expect((await memberships(author.id)).map((m) => [m.plan_id, m.is_current])).toEqual([
    [membershipsRepo.STARTER_PLAN_ID, false],
    [membershipsRepo.ELITE_PLAN_ID, true],
  ])

  await insertUser('reader@example.com', 'reader')
  await expect(ensureCatalogueOwner(db, 'reader@example.com', 10, new Date())).rejects.toThrow(
    CatalogueOwnerError,
  )
})

it('gives the free plan once, and never over a current membership', async () => {
  const reader = await insertUser('free@example.com', 'reader')
  const now = new Date()
  await Promise.all([
    membershipsRepo.ensureFreeMembership(db, reader.id, now),
    membershipsRepo.ensureFreeMembership(db, reader.id, now),
  ])
  expect(await memberships(reader.id)).toHaveLength(1)
  expect(await membershipsRepo.currentMembership(db, reader.id)).toMatchObject({
    plan_name: 'Starter Strut',
    book_limit: 1,
    price: '0.00',
  })
  const owner = await ensureCatalogueOwner(db, 'catalogue@bookstrut.local', 10, now)
  await membershipsRepo.ensureFreeMembership(db, owner.user.id, now)
  expect(await membershipsRepo.currentMembership(db, owner.user.id)).toMatchObject({
    plan_name: 'Elite Strut',
  })
})
