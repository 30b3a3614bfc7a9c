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
    const data = job?.data as { requestId?: string; bookId?: string } | undefined
    logger.error(
      { queue, jobId: job?.id, podcastId: data?.bookId, requestId: data?.requestId, err },
      `${queue} job failed`,
    )
  })
  logQueueErrors(worker, queue, logger)
}
