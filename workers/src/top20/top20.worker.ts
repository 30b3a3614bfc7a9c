import { migrateAnalytics } from '@bookstrut/analytics'
import { QueueNames } from '@bookstrut/schemas'
import { startRepeatableWorker, type RepeatableJobDeps } from '../repeatable-worker.js'
import { rankTop20, type Top20Deps } from './top20-ranking.js'

/** How often the Top 20 is computed by default: the home page is at most this stale. */
export const TOP20_EVERY_MS = 5 * 60_000
export interface Top20WorkerDeps extends Top20Deps, RepeatableJobDeps {}

/**
 * The Top 20 job: a BullMQ job scheduler (repeatable job) adds one `top20` job every `everyMs` (the first at once),
 * and this worker ranks and stores (startRepeatableWorker); a job that fails (the analytics store down) is retried
 * with backoff and the next run comes anyway.
 */
export function startTop20Worker(deps: Top20WorkerDeps) {
  let migrated = false
  return startRepeatableWorker({
    queue: QueueNames.top20,
    everyMs: deps.everyMs ?? TOP20_EVERY_MS,
    async run() {
      // The store's tables may not exist yet (no event ingested since the store was created).
      if (!migrated) {
        await migrateAnalytics(deps.store)
        migrated = true
      }
      const entries = await rankTop20(deps, deps.clock.now())
      deps.logger.info({ titles: entries.length }, 'top 20 ranked')
      return entries.length
    },
    connection: deps.connection,
    prefix: deps.prefix,
    logger: deps.logger,
    backoffMs: 5000,
    keep: 100,
  })
}
