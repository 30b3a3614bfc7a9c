import { createLogger, ensureRedis, loadConfig } from '@bookstrut/core'
import { startWorkers } from './start-workers.js'

/** Runs the workers as their own process (the scale-out stack); the one-process default starts them from the api. */
const config = loadConfig()
const logger = createLogger(config.logLevel)
await ensureRedis(config.redis.url, config.redis.embeddedDir, logger, false)
if (!config.db.url) {
  logger.fatal('DATABASE_URL is required when the workers run as their own process')
  process.exit(1)
}
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
