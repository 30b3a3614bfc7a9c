import fp from 'fastify-plugin'
import { createDb, migrateToLatest } from '@bookstrut/core'

/** Opens the Postgres pool and brings the schema to the latest migration before any route runs. */
export const dbPlugin = fp<{ databaseUrl: string }>(async (app, opts) => {
  const db = createDb(opts.databaseUrl, 10, (err) => app.log.warn({ err }, 'idle database connection lost'))
  const applied = await migrateToLatest(db)
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied')
  app.decorate('db', db)
  app.addHook('onClose', async () => db.destroy())
})
