import { afterAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { sql } from 'kysely'
import { createDb, ensureDatabase, migrateToLatest } from './database.js'
import { migrations } from './migrations/index.js'
import { scratchName } from '../testing/scratch-database.js'
import { testAdminUrl } from '../testing/test-stores.js'

// Replicas of the split stack (issue 50) start side by side against one database: each creates it when missing and
// migrates it. Kysely's migrator holds a PostgreSQL advisory lock around the migrations, so they run once; these
// are three real starts at once on a database that does not exist yet.

const name = scratchName('concurrent_start')
const url = (() => {
  const u = new URL(testAdminUrl)
  u.pathname = `/${name}`
  return u.toString()
})()

afterAll(async () => {
  const admin = new pg.Client({ connectionString: testAdminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
})

describe('replicas starting at once', () => {
  it('create the database once and apply every migration once, whichever of them applies it', async () => {
    const starts = await Promise.all(
      [1, 2, 3].map(async () => {
        await ensureDatabase(url)
        const db = createDb(url, 2)
        try {
          return await migrateToLatest(db)
        } finally {
          await db.destroy()
        }
      }),
    )
    const all = Object.keys(migrations)
    // Each migration was applied by exactly one of the three; the others found it done.
    expect(starts.flat().sort()).toEqual([...all].sort())

    const db = createDb(url, 1)
    try {
      const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
      expect(recorded.rows.map((r) => r.name).sort()).toEqual([...all].sort())
      // A replica starting later, while the others serve, finds nothing to do.
      expect(await migrateToLatest(db)).toEqual([])
    } finally {
      await db.destroy()
    }
  })
})
