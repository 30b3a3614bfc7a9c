import { QueueNames } from '@bookstrut/schemas'
import { refreshTopics, type RefreshTopicsDeps } from '@bookstrut/search'
import { startRepeatableWorker, type RepeatableJobDeps } from '../repeatable-worker.js'

/** How often topic pages are made again by default: they follow readers' searches within the hour. */
export const TOPICS_EVERY_MS = 60 * 60_000
export interface TopicsWorkerDeps extends RefreshTopicsDeps, RepeatableJobDeps {}

/**
 * The topics job: a BullMQ job scheduler (repeatable job) adds one `topics` job every `everyMs` (the first at once)
 * and this worker queues the topic candidates and remakes the public set from the approved ones (refreshTopics: all or
 * nothing, the same searches giving the same rows). A failed run (the idea index still loading) is retried with
 * backoff; the stored set stays meanwhile.
 */
export function startTopicsWorker(deps: TopicsWorkerDeps) {
  return startRepeatableWorker({
    queue: QueueNames.topics,
    everyMs: deps.everyMs ?? TOPICS_EVERY_MS,
    async run() {
      const topics = await refreshTopics(deps, deps.clock.now())
      deps.logger.info({ topics: topics?.length ?? 'kept' }, 'topics refreshed')
      return topics?.length ?? 0
    },
    connection: deps.connection,
    prefix: deps.prefix,
    logger: deps.logger,
    backoffMs: 10_000,
    keep: 50,
  })
}
