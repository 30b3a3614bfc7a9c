import { ConfigError, createLogger, ensureRedis, loadConfig } from '@bookstrut/core'
import { startWorkers } from './start-workers.js'

/** Runs the workers as their own process (the scale-out stack); the one-process default starts them from the api. */
const config = (() => {
  try {
    return loadConfig()
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    console.error(err.message)
    process.exit(1)
  }
})()
const logger = createLogger(config.logLevel)
if (!config.db.url) {
  logger.fatal('DATABASE_URL is required when the workers run as their own process')
  process.exit(1)
}
// chDB (the embedded analytics store) has one owner process: the api's, in the one-process default.
if (!config.analytics.clickhouseUrl) {
  logger.fatal(
    'CLICKHOUSE_URL is required when the workers run as their own process: the embedded analytics store (chDB) has one owner process',
  )
  process.exit(1)
}
await ensureRedis(config.redis.url, config.redis.embeddedDir, logger, false)
const running = await startWorkers(config, logger, { databaseUrl: config.db.url })
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'stopping workers')
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'workers did not stop cleanly')
        process.exit(1)
      },
    )
  })
}
