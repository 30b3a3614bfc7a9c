import { afterAll, beforeAll, expect, it } from 'vitest'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Queue, QueueEvents } from 'bullmq'
import { createLogger, createMailer, createQueues, createRedis } from '@bookstrut/core'
import { testPrefix, testRedisUrl } from '@bookstrut/core/testing'
import { QueueNames } from '@bookstrut/schemas'
import { createMailWorker } from './mail.worker.js'

const prefix = testPrefix('tw')
let outbox: string
const producer = createRedis(testRedisUrl, 'producer')
const workerConnection = createRedis(testRedisUrl, 'worker')
let worker: ReturnType<typeof createMailWorker>
let events: QueueEvents

beforeAll(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), 'bookstrut-mail-'))
  await Promise.all([producer.connect(), workerConnection.connect()])
  const mailer = createMailer({ smtpUrl: undefined, from: 'test@bookstrut.local', outboxDir: outbox })
  worker = createMailWorker({ connection: workerConnection, prefix, mailer, logger: createLogger('silent') })
  events = new QueueEvents(QueueNames.mail, { connection: createRedis(testRedisUrl, 'worker'), prefix })
  await Promise.all([worker.waitUntilReady(), events.waitUntilReady()])
})
afterAll(async () => {
  await worker?.close()
  await events?.close()
  producer.disconnect()
  workerConnection.disconnect()
  await rm(outbox, { recursive: true, force: true })
})

const job = { kind: 'signup-otp' as const, to: 'twice@example.com', firstName: 'Tess', code: '4821' }

it('sends one mail for a job added twice under the same id', async () => {
  const queues = createQueues(producer, prefix)
  const done = new Promise<void>((resolve) => events.once('completed', () => resolve()))
  await queues.enqueue(QueueNames.mail, job, 'otp-same')
  await queues.enqueue(QueueNames.mail, job, 'otp-same')
  await done
  // Give a (wrong) second run time to happen before counting.
  await new Promise((r) => setTimeout(r, 300))
  const files = (await readdir(outbox)).filter((f) => f.includes('twice@example.com'))
  expect(files).toHaveLength(1)
  expect(await readFile(path.join(outbox, files[0] ?? ''), 'utf8')).toContain('Your code: 4821')
  await queues.close()
})

it('fails a job whose payload breaks the schema at once, without retries', async () => {
  const queue = new Queue(QueueNames.mail, { connection: producer, prefix })
  const failed = new Promise<string>((resolve) => events.once('failed', ({ jobId }) => resolve(jobId)))
  const added = await queue.add(
    QueueNames.mail,
    { kind: 'signup-otp', to: 'bad@example.com', code: 'abcd' },
    { attempts: 5 },
  )
  expect(await failed).toBe(added.id)
  const stored = await queue.getJob(added.id ?? '')
  expect(stored?.attemptsMade).toBe(1)
  expect(stored?.failedReason).toMatch(/OtpMailJob/)
  expect((await readdir(outbox)).some((f) => f.includes('bad@example.com'))).toBe(false)
  await queue.close()
})
