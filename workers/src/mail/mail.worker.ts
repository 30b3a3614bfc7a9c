import { UnrecoverableError, Worker, type Job } from 'bullmq'
import { Value } from '@sinclair/typebox/value'
import { otpMail } from '@bookstrut/accounts'
import { contactMail } from '@bookstrut/content'
import type { Logger, Mailer } from '@bookstrut/core'
import { QueueNames, MailJob } from '@bookstrut/schemas'
import type { Redis } from 'ioredis'
import { logFailures } from '../log-failures.js'

/** Sends one-time-code e-mails and contact messages. A payload that fails its schema is not retried. */
export function createMailWorker(deps: {
  connection: Redis
  prefix: string
  mailer: Mailer
  logger: Logger
}) {
  const worker = new Worker(
    QueueNames.mail,
    async (job: Job<unknown>) => {
      if (!Value.Check(MailJob, job.data))
        throw new UnrecoverableError('mail job payload does not match MailJob (OtpMailJob or ContactMailJob)')
      await deps.mailer.send(job.data.kind === 'contact' ? contactMail(job.data) : otpMail(job.data))
    },
    { connection: deps.connection, prefix: deps.prefix, concurrency: 4 },
  )
  logFailures(worker, QueueNames.mail, deps.logger)
  return worker
}
