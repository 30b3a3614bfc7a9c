import { createLogger, ensureRedis, loadConfig } from '@bookstrut/core'
import { startWorkers } from './start-workers.js'

/** Runs the workers as their own process (the scale-out stack); the one-process default starts them from the api. */
const config = loadConfig()
const logger = createLogger(config.logLevel)
await ensureRedis(config.redis.url, config.redis.embeddedDir, logger, false)
const running = await startWorkers(config, logger)
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
