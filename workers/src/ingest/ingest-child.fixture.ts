/*
 * The ingest worker alone in its own process, for the crash test (ingest.worker.test.ts): chDB under
 * INGEST_TEST_DIR, the queue under INGEST_TEST_PREFIX. With INGEST_TEST_PAUSE=1 it prints `inserted <n>` after
 * storing its first batch and then waits before acknowledging it, so the test can SIGKILL it right there.
 */
import { createChdbStore } from '@bookstrut/analytics'
import { createLogger, createRedis } from '@bookstrut/core'
import { startIngestWorker } from './ingest.worker.js'

const dir = process.env.INGEST_TEST_DIR
const prefix = process.env.INGEST_TEST_PREFIX
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
if (!dir || !prefix) throw new Error('INGEST_TEST_DIR and INGEST_TEST_PREFIX are required')
const pause = process.env.INGEST_TEST_PAUSE === '1'

const connection = createRedis(redisUrl, 'worker')
await connection.connect()
const store = createChdbStore(dir)
const running = startIngestWorker({
  connection,
  prefix,
  store,
  logger: createLogger('silent'),
  flushRows: 200,
  flushMs: 200,
  lockMs: 1500,
  afterInsert: async (n) => {
    process.stdout.write(`inserted ${n}\n`)
    if (pause) await new Promise((r) => setTimeout(r, 60_000))
  },
})
await running.waitUntilReady()
process.stdout.write('ready\n')
process.once('SIGTERM', () => {
  void running
    .close()
    .then(() => store.close())
    .then(() => {
      connection.disconnect()
      process.exit(0)
    })
})
