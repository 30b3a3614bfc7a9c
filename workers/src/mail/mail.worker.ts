import { UnrecoverableError, Worker, type Job } from 'bullmq'
import { Value } from '@sinclair/typebox/value'
import { QueueNames, OtpMailJob } from '@bookstrut/schemas'
import { otpMail, type Logger, type Mailer } from '@bookstrut/core'
import type { Redis } from 'ioredis'

/** Sends one-time-code e-mails. A payload that fails its schema is not retried. */
export function createMailWorker(deps: {
  connection: Redis
  prefix: string
  mailer: Mailer
  logger: Logger
}) {
  const worker = new Worker(
    QueueNames.mail,
    async (job: Job<unknown>) => {
      if (!Value.Check(OtpMailJob, job.data))
        throw new UnrecoverableError('mail job payload does not match OtpMailJob')
      await deps.mailer.send(otpMail(job.data))
    },
    { connection: deps.connection, prefix: deps.prefix, concurrency: 4 },
  )
  worker.on('failed', (job, err) => {
    const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError
    // Log once, on the last attempt; earlier failures are retried.
    if (final) {
      const data = job?.data as { requestId?: string } | undefined
      deps.logger.error(
        { queue: QueueNames.mail, jobId: job?.id, requestId: data?.requestId, err },
        'mail job failed',
      )
    }
  })
  worker.on('error', (err) => deps.logger.error({ queue: QueueNames.mail, err }, 'mail worker error'))
  return worker
}
