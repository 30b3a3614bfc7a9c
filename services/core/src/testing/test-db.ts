import { createDb, migrateToLatest, type Db } from '../db/database.js'
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js'

export interface TestDb extends ScratchDatabase {
  db: Db
}

/**
 * A fresh database for one test file, with a pool on it, migrated to the latest schema unless `migrate: false`
 * (a migration's own test steps through them). `drop()` closes the pool, then removes the database.
 */
export async function createTestDb(
  label: string,
  opts: { migrate?: boolean; poolSize?: number } = {},
): Promise<TestDb> {
  const scratch = await createScratchDatabase(label)
  const db = createDb(scratch.url, opts.poolSize ?? 4)
  if (opts.migrate !== false) await migrateToLatest(db)
  return {
    ...scratch,
    db,
    async drop() {
      await db.destroy()
      await scratch.drop()
    },
  }
}
