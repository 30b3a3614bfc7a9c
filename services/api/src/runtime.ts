import {
  ensureDatabase,
  ensureRedis,
  pingDatabase,
  startEmbeddedPostgres,
  type Config,
  type Logger,
} from '@bookstrut/core'

export interface Stores {
  databaseUrl: string
  stop(): Promise<void>
}

/**
 * Finds or starts what the app stores data in: the PostgreSQL at DATABASE_URL, else the embedded one under
 * DATA_DIR (reused when another BookStrut process already runs it); and Redis at REDIS_URL, started from the
 * installed redis-server in the one-process mode when nothing answers. Creates the database when missing.
 * Command-line tools that only touch the database pass `{ redis: false }`.
 */
export async function prepareStores(
  config: Config,
  logger: Logger,
  { redis: needsRedis = true }: { redis?: boolean } = {},
): Promise<Stores> {
  const stops: Array<() => Promise<void>> = []
  let databaseUrl = config.db.url
  if (!databaseUrl) {
    const embeddedUrl = `postgres://postgres:postgres@127.0.0.1:${config.db.embeddedPort}/bookstrut`
    if (await pingDatabase(embeddedUrl.replace(/\/bookstrut$/, '/postgres'))) {
      databaseUrl = embeddedUrl
    } else {
      const pg = await startEmbeddedPostgres(config.db.embeddedDir, config.db.embeddedPort, logger)
      stops.push(() => pg.stop())
      databaseUrl = pg.url
    }
  }
  await ensureDatabase(databaseUrl)
  const redis =
    needsRedis &&
    (await ensureRedis(
      config.redis.url,
      config.redis.embeddedDir,
      logger,
      config.redis.embedded && config.workers.inProcess,
    ))
  if (redis) stops.push(() => redis.stop())
  return {
    databaseUrl,
    async stop() {
      for (const stop of stops.reverse()) await stop()
    },
  }
}
