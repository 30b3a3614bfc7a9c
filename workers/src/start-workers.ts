import { openAnalyticsStore } from '@bookstrut/analytics'
import {
  createDb,
  createMailer,
  createQueues,
  createRedis,
  RedisOutages,
  systemClock,
  type Config,
  type Logger,
} from '@bookstrut/core'
import {
  embeddingsAnnouncer,
  locateModel,
  ModelEmbedders,
  modelsInUse,
  type RefreshTopicsDeps,
} from '@bookstrut/search'
import { createMailWorker } from './mail/mail.worker.js'
import { createEmbedWorker } from './embed/embed.worker.js'
import { sweepStaleEmbeddings } from './embed/embed-sweep.js'
import { startSurfaceIndexWorker } from './surface-index/surface-index.worker.js'
import { startIngestWorker } from './ingest/ingest.worker.js'
import { startTop20Worker } from './top20/top20.worker.js'
import { createFoundItWorker } from './found-it/found-it.worker.js'
import { createLibraryImportWorker } from './library-import/library-import.worker.js'
import { startTopicsWorker } from './topics/topics.worker.js'

export interface RunningWorkers {
  close(): Promise<void>
}

export interface WorkerOptions {
  /** the PostgreSQL the workers read and write (the api's resolved URL in the one-process default) */
  databaseUrl: string
  /** how often stale book vectors are looked for (the first sweep runs at start) */
  sweepIntervalMs?: number
  /** how often the Top 20 is ranked (default every 5 minutes; the first at start) */
  top20EveryMs?: number
  /** the process's Redis outage log, shared with the api in the one-process default (one line per outage) */
  redisOutages?: RedisOutages
  /**
   * the idea search of the api process (its in-memory index), which the topics job ranks each topic's books with;
   * without it (a workers-only process) the topics job runs in the api processes' workers only
   */
  rankIdeas?: RefreshTopicsDeps['rankIdeas']
  /** how often topic pages are remade (default every hour; the first at start) */
  topicsEveryMs?: number
}

/** Starts every BullMQ worker. The api process calls this in the one-process default (RUN_WORKERS=true). */
export async function startWorkers(
  config: Config,
  logger: Logger,
  opts: WorkerOptions,
): Promise<RunningWorkers> {
  const connection = createRedis(config.redis.url, 'worker')
  const publisher = createRedis(config.redis.url, 'producer')
  const outages = opts.redisOutages ?? new RedisOutages(logger)
  outages.watchConnection('workers', connection)
  outages.watchConnection('workers-publisher', publisher)
  await Promise.all([connection.connect(), publisher.connect()])
  const db = createDb(opts.databaseUrl, 4, (err) => logger.warn({ err }, 'idle database connection lost'))
  const queues = createQueues(publisher, config.redis.prefix, logger)
  const mailer = createMailer(config.mail)
  const announce = embeddingsAnnouncer(publisher, config.redis.prefix)
  const embedLogger = logger.child({ queue: 'embed' })
  const embedders = new ModelEmbedders(config.search.embeddingThreads)
  // chDB: this process owns ANALYTICS_DIR (the api of the one-process default shares the same session).
  const analytics = openAnalyticsStore(config)

  // One sweep at a time; a sweep asked for while one runs runs once more after it.
  let sweeping: Promise<unknown> = Promise.resolve()
  let again = false
  const sweep = () => {
    if (again) return sweeping
    again = true
    sweeping = sweeping.then(async () => {
      again = false
      await sweepStaleEmbeddings({ db, queues, search: config.search, announce, logger: embedLogger }).catch(
        (err: unknown) => logger.error({ err }, 'embedding sweep failed'),
      )
    })
    return sweeping
  }

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
      embedderFor: (model) => embedders.get(model),
      modelsInUse: () => modelsInUse({ db, search: config.search }),
      locate: (id) => locateModel(config.search, id),
      announce,
      // A drained queue may mean a new model's set just became complete: switch without waiting a minute.
      onDrained: () => void sweep(),
      logger: embedLogger,
    }),
    startIngestWorker({
      connection,
      prefix: config.redis.prefix,
      store: analytics,
      logger: logger.child({ queue: 'ingest' }),
      flushRows: config.analytics.flushRows,
      flushMs: config.analytics.flushMs,
    }),
    startTop20Worker({
      connection,
      prefix: config.redis.prefix,
      db,
      store: analytics,
      clock: systemClock,
      logger: logger.child({ queue: 'top20' }),
      everyMs: opts.top20EveryMs,
    }),
    createFoundItWorker({
      connection,
      prefix: config.redis.prefix,
      db,
      queues,
      clock: systemClock,
      logger: logger.child({ queue: 'found-it' }),
    }),
    createLibraryImportWorker({
      connection,
      prefix: config.redis.prefix,
      db,
      queues,
      clock: systemClock,
      logger: logger.child({ queue: 'library-import' }),
    }),
    ...(opts.rankIdeas
      ? [
          startTopicsWorker({
            connection,
            prefix: config.redis.prefix,
            db,
            rankIdeas: opts.rankIdeas,
            clock: systemClock,
            logger: logger.child({ queue: 'topics' }),
            everyMs: opts.topicsEveryMs,
          }),
        ]
      : []),
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

  void sweep()
  const sweepTimer = setInterval(() => void sweep(), opts.sweepIntervalMs ?? 60_000)
  sweepTimer.unref()

  return {
    async close() {
      clearInterval(sweepTimer)
      await sweeping
      await Promise.all(workers.map((w) => w.close()))
      await queues.close()
      mailer.close()
      await embedders.close()
      await analytics.close()
      await db.destroy()
      connection.disconnect()
      publisher.disconnect()
    },
  }
}
