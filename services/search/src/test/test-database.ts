import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { createDb, ensureDatabase, migrateToLatest, type Db } from '@bookstrut/core'

/** The PostgreSQL server tests run against; each test file gets its own database on it. */
const testAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** A fresh, migrated database for one test file; `drop()` closes the pool and removes it. */
export async function createTestDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  const name = `bookstrut_search_${randomBytes(6).toString('hex')}`
  const url = new URL(testAdminUrl)
  url.pathname = `/${name}`
  await ensureDatabase(url.toString())
  const db = createDb(url.toString(), 4)
  await migrateToLatest(db)
  return {
    db,
    async drop() {
      await db.destroy()
      const admin = createDb(testAdminUrl, 1)
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin)
      await admin.destroy()
    },
  }
}
