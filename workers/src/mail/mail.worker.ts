import { UnrecoverableError, Worker, type Job } from 'bullmq'
import { Value } from '@sinclair/typebox/value'
import { otpMail } from '@bookstrut/accounts'
import type { Logger, Mailer } from '@bookstrut/core'
import { QueueNames, OtpMailJob } from '@bookstrut/schemas'
import type { Redis } from 'ioredis'
import { logFailures } from '../log-failures.js'

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
  logFailures(worker, QueueNames.mail, deps.logger)
  return worker
}
