import { createDb, createMailer, createQueues, createRedis, type Config, type Logger } from '@bookstrut/core'
import { createThreadedEmbedder, type Embedder } from '@bookstrut/search'
import { createMailWorker } from './mail/mail.worker.js'
import { createEmbedWorker, publishTo } from './embed/embed.worker.js'
import { sweepStaleEmbeddings } from './embed/embed-sweep.js'
import { startSurfaceIndexWorker } from './surface-index/surface-index.worker.js'

export interface RunningWorkers {
  close(): Promise<void>
}

export interface WorkerOptions {
  /** the PostgreSQL the workers read and write (the api's resolved URL in the one-process default) */
  databaseUrl: string
  /** how often stale book vectors are looked for (the first sweep runs at start) */
  sweepIntervalMs?: number
}

/** Starts every BullMQ worker. The api process calls this in the one-process default (RUN_WORKERS=true). */
export async function startWorkers(
  config: Config,
  logger: Logger,
  opts: WorkerOptions,
): Promise<RunningWorkers> {
  const connection = createRedis(config.redis.url, 'worker')
  const publisher = createRedis(config.redis.url, 'producer')
  await Promise.all([connection.connect(), publisher.connect()])
  const db = createDb(opts.databaseUrl, 4, (err) => logger.warn({ err }, 'idle database connection lost'))
  const queues = createQueues(publisher, config.redis.prefix)
  const mailer = createMailer(config.mail)
  const model = config.search.embeddingModel

  let embedder: Promise<Embedder> | null = null
  const loadEmbedder = () =>
    (embedder ??= createThreadedEmbedder({
      modelId: model,
      modelsDir: config.search.modelsDir,
      threads: config.search.embeddingThreads,
    }).catch((err: unknown) => {
      embedder = null // a later job tries again
      throw err
    }))

  const workers = [
    createMailWorker({
      connection,
      prefix: config.redis.prefix,
      mailer,
      logger: logger.child({ queue: 'mail' }),
    }),
    createEmbedWorker({
      connection,
      prefix: config.redis.prefix,
      db,
      model,
      embedder: loadEmbedder,
      announce: publishTo(publisher, config.redis.prefix),
      logger: logger.child({ queue: 'embed' }),
    }),
    // Only an external keyword index (Meilisearch) needs syncing; PostgreSQL search reads the tables themselves.
    ...(config.search.meili
      ? [
          startSurfaceIndexWorker({
            config,
            connection,
            prefix: config.redis.prefix,
            db,
            logger: logger.child({ queue: 'surface-index' }),
          }),
        ]
      : []),
  ]
  await Promise.all(workers.map((w) => w.waitUntilReady()))
  logger.info({ workers: workers.map((w) => w.name) }, 'workers started')

  const sweep = () =>
    sweepStaleEmbeddings({ db, queues, model, logger: logger.child({ queue: 'embed' }) }).catch(
      (err: unknown) => logger.error({ err }, 'embedding sweep failed'),
    )
  const sweeping = sweep()
  const sweepTimer = setInterval(() => void sweep(), opts.sweepIntervalMs ?? 60_000)
  sweepTimer.unref()

  return {
    async close() {
      clearInterval(sweepTimer)
      await sweeping
      await Promise.all(workers.map((w) => w.close()))
      await queues.close()
      mailer.close()
      if (embedder) await (await embedder.catch(() => null))?.close()
      await db.destroy()
      connection.disconnect()
      publisher.disconnect()
    },
  }
}
