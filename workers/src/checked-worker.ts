import { UnrecoverableError, Worker, type Job } from 'bullmq'
import type { Static, TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { Redis } from 'ioredis'
import type { Logger } from '@bookstrut/core'
import { logFailures } from './log-failures.js'

export interface CheckedWorkerOptions<S extends TSchema> {
  queue: string
  /** the job payload's schema, and its name for the error of a payload that fails it */
  payload: S
  payloadName: string
  run: (data: Static<S>, job: Job<Static<S>>) => Promise<unknown>
  connection: Redis
  prefix: string
  logger: Logger
  concurrency?: number
}

/**
 * A worker whose jobs carry a schema-checked payload: one that fails the schema is refused as unrecoverable (a
 * retry would fail the same way); failures are logged once each (logFailures). One job at a time unless told.
 */
export function createCheckedWorker<S extends TSchema>(opts: CheckedWorkerOptions<S>): Worker {
  const worker = new Worker(
    opts.queue,
    async (job: Job<unknown>) => {
      if (!Value.Check(opts.payload, job.data))
        throw new UnrecoverableError(`${opts.queue} job payload does not match ${opts.payloadName}`)
      return opts.run(job.data, job as Job<Static<S>>)
    },
    { connection: opts.connection, prefix: opts.prefix, concurrency: opts.concurrency ?? 1 },
  )
  logFailures(worker, opts.queue, opts.logger)
  return worker
}
