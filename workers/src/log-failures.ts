import { UnrecoverableError, type Worker } from 'bullmq'
import { logQueueErrors, type Logger } from '@bookstrut/core'

/**
 * Logs a worker's failures once each: a job on its last attempt (or refused as unrecoverable), with its ids;
 * earlier failures are retried and not logged. Also logs the worker's own errors, but not Redis being down: that
 * is logged once per outage by the connection's RedisOutages (logQueueErrors).
 */
export function logFailures(worker: Worker, queue: string, logger: Logger): void {
  worker.on('failed', (job, err) => {
    const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError
    if (!final) return
    // A job's payload names its book `podcastId` (schemas/src/jobs.ts: queued jobs outlive a deploy); logs say bookId.
    const data = job?.data as { requestId?: string; podcastId?: string } | undefined
    logger.error(
      { queue, jobId: job?.id, bookId: data?.podcastId, requestId: data?.requestId, err },
      `${queue} job failed`,
    )
  })
  logQueueErrors(worker, queue, logger)
}
