import { afterAll, beforeAll, expect, it } from 'vitest'
import { Migrator, sql } from 'kysely'
import type { Db } from '../database.js'
import { createTestDb, listingRow, type TestDb } from '../../testing/index.js'
import { newId } from '../../ids.js'
import { migrations } from './index.js'

// The genres migration recomputes the keyword vector of books already listed (one weight per field) and makes
// genres searchable; going down restores the former vector, so a rollback leaves keyword search as it was. Both
// ways the rule of 2026_12_03_1100 holds: a blocked owner's books leave the keyword index and come back unblocked.

const NAME = '2026_12_03_1400_add_book_genres'
let testDb: TestDb
let db: Db
let migrator: Migrator
const names = Object.keys(migrations)
const before = names[names.indexOf(NAME) - 1] ?? ''

beforeAll(async () => {
  testDb = await createTestDb('core', { migrate: false, poolSize: 2 })
  db = testDb.db
  migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } })
})
afterAll(async () => {
  await testDb?.drop()
})

const weightsOf = async (id: string, lexeme: string) =>
  (
    await sql<{ weights: string[] | null }>`
      select weights from unnest((select document from podcast_search_documents where podcast_id = ${id}))
      where lexeme = ${lexeme}`.execute(db)
  ).rows[0]?.weights ?? null

it('gives listed books one weight per field and searchable genres, and goes back to the former vector', async () => {
  expect((await migrator.migrateTo(before)).error).toBeUndefined()
  const owner = newId()
  await db
    .insertInto('users')
    .values({
      id: owner,
      email: `${owner}@example.com`,
      first_name: 'Old',
      last_name: 'Owner',
      role: 'publisher',
      password_hash: 'not-a-real-hash',
    })
    .execute()
  const row = listingRow(owner, {
    title: 'Lantern',
    author: 'Ada Quill',
    description: 'A keeper and a lamp.',
  })
  await db.insertInto('podcasts').values(row).execute()
  // Before: title and author share weight A, the description is C.
  expect(await weightsOf(row.id, 'quill')).toEqual(['A'])
  expect(await weightsOf(row.id, 'lamp')).toEqual(['C'])

  expect((await migrator.migrateTo(NAME)).error).toBeUndefined()
  expect(await weightsOf(row.id, 'lantern')).toEqual(['A'])
  expect(await weightsOf(row.id, 'quill')).toEqual(['B'])
  expect(await weightsOf(row.id, 'lamp')).toEqual(['D'])
  await sql`update podcasts set genres = 'Magic, Young Adult' where id = ${row.id}`.execute(db)
  expect(await weightsOf(row.id, 'magic')).toEqual(['C'])
  const words = await sql<{ word: string }>`select word from surface_words where word = 'magic'`.execute(db)
  expect(words.rows).toHaveLength(1)
  // Blocking the owner takes the book out; an edit meanwhile does not bring it back; unblocking does, genres and all.
  await setBlocked(owner, true)
  expect(await documentCount(row.id)).toBe(0)
  await sql`update podcasts set genres = 'Magic, School' where id = ${row.id}`.execute(db)
  expect(await documentCount(row.id)).toBe(0)
  await setBlocked(owner, false)
  expect(await weightsOf(row.id, 'school')).toEqual(['C'])
  expect(await weightsOf(row.id, 'quill')).toEqual(['B'])

  expect((await migrator.migrateTo(before)).error).toBeUndefined()
  expect(await weightsOf(row.id, 'quill')).toEqual(['A'])
  expect(await weightsOf(row.id, 'magic')).toBeNull()
  await setBlocked(owner, true)
  expect(await documentCount(row.id)).toBe(0)
  await setBlocked(owner, false)
  expect(await weightsOf(row.id, 'quill')).toEqual(['A'])
})

const setBlocked = (id: string, blocked: boolean) =>
  db.updateTable('users').set({ is_blocked: blocked }).where('id', '=', id).execute()

const documentCount = async (id: string) =>
  (
    await sql<{
      n: number
    }>`select count(*)::int as n from podcast_search_documents where podcast_id = ${id}`.execute(db)
  ).rows[0]?.n
