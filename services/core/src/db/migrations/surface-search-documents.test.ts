import { afterAll, beforeAll, expect, it } from 'vitest'
import { Migrator, sql } from 'kysely'
import type { Db } from '../database.js'
import { createTestDb, listingRow, type TestDb } from '../../testing/index.js'
import { newId } from '../../ids.js'
import { migrations } from './index.js'

// The migration that stores search vectors must serve a catalogue that already exists: on an existing database it
// fills podcast_search_documents with the public books only, and going down restores the expression index.

const NAME = '2026_11_25_0900_create_surface_search_documents'
let testDb: TestDb
let db: Db
let migrator: Migrator
const names = Object.keys(migrations)
const before = names[names.indexOf(NAME) - 1] ?? ''

beforeAll(async () => {
  // Not migrated: the test steps through the migrations itself.
  testDb = await createTestDb('core', { migrate: false, poolSize: 2 })
  db = testDb.db
  migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } })
})
afterAll(async () => {
  await testDb?.drop()
})

async function insertListing(ownerId: string, title: string, status: 0 | 1 | 2, isActive = true) {
  const row = listingRow(ownerId, {
    title,
    author: 'Old Author',
    description: 'Listed before keyword search stored its vectors.',
    status,
    is_active: isActive,
  })
  await db.insertInto('podcasts').values(row).execute()
  return row.id
}

const indexExists = async (name: string) =>
  (await sql<{ n: number }>`select count(*) as n from pg_indexes where indexname = ${name}`.execute(db))
    .rows[0]?.n === 1

it('fills the documents of public books already listed, and goes down to the expression index', async () => {
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
  const approved = await insertListing(owner, 'Approved Before', 1)
  await insertListing(owner, 'Pending Before', 0)
  await insertListing(owner, 'Rejected Before', 2)
  await insertListing(owner, 'Taken Down Before', 1, false)

  expect((await migrator.migrateTo(NAME)).error).toBeUndefined()
  const { rows } = await sql<{ podcast_id: string }>`select podcast_id from podcast_search_documents`.execute(
    db,
  )
  expect(rows.map((r) => r.podcast_id)).toEqual([approved])
  expect(await indexExists('podcasts_search_vector_idx')).toBe(false)

  expect((await migrator.migrateTo(before)).error).toBeUndefined()
  expect(await indexExists('podcasts_search_vector_idx')).toBe(true)
  const table = await sql<{ t: string | null }>`select to_regclass('podcast_search_documents') as t`.execute(
    db,
  )
  expect(table.rows[0]?.t).toBeNull()
})
