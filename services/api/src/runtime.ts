import { ensureDatabase, ensureRedis, startEmbeddedPostgres, type Config, type Logger } from '@bookstrut/core'

export interface Stores {
  databaseUrl: string
  stop(): Promise<void>
}

/**
 * Finds or starts what the app stores data in: the PostgreSQL at DATABASE_URL, else the embedded one under
 * DATA_DIR (shared when another BookStrut process already runs it; see startEmbeddedPostgres); and Redis at REDIS_URL, started from the
 * installed redis-server in the one-process mode when nothing answers. Creates the database when missing.
 * Command-line tools that only touch the database pass `{ redis: false }`.
 */
export async function prepareStores(
  config: Config,
  logger: Logger,
  { redis: needsRedis = true }: { redis?: boolean } = {},
): Promise<Stores> {
  const stops: Array<() => Promise<void>> = []
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop()
  }
  try {
    let databaseUrl = config.db.url
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        clusterDir: config.db.embeddedDir,
        port: config.db.embeddedPort,
        logger,
      })
      stops.push(() => pg.stop())
      databaseUrl = pg.url
    }
    await ensureDatabase(databaseUrl)
    if (needsRedis) {
      const allowStart = config.redis.embedded && config.workers.inProcess
      const redis = await ensureRedis(config.redis.url, config.redis.embeddedDir, logger, allowStart)
      if (redis) stops.push(() => redis.stop())
    }
    return { databaseUrl, stop: stopAll }
  } catch (err) {
    // Whatever started before the failure is stopped again: a failed start leaves nothing running.
    await stopAll()
    throw err
  }
}
