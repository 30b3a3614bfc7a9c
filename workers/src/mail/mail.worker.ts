import { otpMail } from '@bookstrut/accounts'
import { contactMail } from '@bookstrut/content'
import type { Logger, Mailer } from '@bookstrut/core'
import { QueueNames, MailJob } from '@bookstrut/schemas'
import type { Redis } from 'ioredis'
import { createCheckedWorker } from '../checked-worker.js'

/** Sends one-time-code e-mails and contact messages. A payload that fails its schema is not retried. */
export function createMailWorker(deps: {
  connection: Redis
  prefix: string
  mailer: Mailer
  logger: Logger
}) {
  return createCheckedWorker({
    queue: QueueNames.mail,
    payload: MailJob,
    payloadName: 'MailJob (OtpMailJob or ContactMailJob)',
    async run(data) {
      await deps.mailer.send(data.kind === 'contact' ? contactMail(data) : otpMail(data))
    },
    connection: deps.connection,
    prefix: deps.prefix,
    logger: deps.logger,
    concurrency: 4,
  })
}
