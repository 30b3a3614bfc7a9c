import { rmSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadConfig, ManualClock, createLogger, type Clock, type Config, type Logger } from '@bookstrut/core'
import { createScratchDatabase, testPrefix, testRedisUrl } from '@bookstrut/core/testing'
import { startWorkers, type RunningWorkers } from '@bookstrut/workers'
import { buildApp, type App } from '../app.js'

export interface TestApp {
  app: App
  config: Readonly<Config>
  clock: ManualClock
  databaseUrl: string
  close(): Promise<void>
}

/**
 * chDB keeps one data folder per process, so every test app of one test file (one process) shares this one; their
 * events stay apart by their books' random ids. Removed when the process ends.
 */
const analyticsDir = path.join(tmpdir(), `bookstrut-test-analytics-${process.pid}`)
process.once('exit', () => rmSync(analyticsDir, { recursive: true, force: true }))

/**
 * The real app on a fresh database, its own Redis key prefix and data folder, with the workers running
 * (so mails really go out) unless `workerOptions.start` is false. `env` overrides configuration, e.g. SMTP_URL.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  clock: Clock = new ManualClock(),
  workerOptions: { sweepIntervalMs?: number; start?: boolean; topicsEveryMs?: number } = {},
  /** the app's and the workers' logger (default: LOG_LEVEL, silent unless TEST_LOG_LEVEL says otherwise) */
  logger?: Logger,
): Promise<TestApp> {
  const database = await createScratchDatabase()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bookstrut-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ANALYTICS_DIR: analyticsDir,
    REDIS_URL: testRedisUrl,
    REDIS_PREFIX: testPrefix(),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Cheaper scrypt keeps tests quick; production uses the default cost.
    PASSWORD_HASH_COST: '12',
    // The local model files (scripts/test.sh points MODELS_DIR at them when ../shared is not beside the clone).
    ...(process.env.MODELS_DIR ? { MODELS_DIR: process.env.MODELS_DIR } : {}),
    ...env,
  })
  logger ??= createLogger(config.logLevel)
  const app = await buildApp({ config, databaseUrl: database.url, clock, logger })
  await app.ready()
  let workers: RunningWorkers | null =
    workerOptions.start === false
      ? null
      : await startWorkers(config, logger, {
          databaseUrl: database.url,
          sweepIntervalMs: workerOptions.sweepIntervalMs,
          redisOutages: app.redisOutages,
          // The topics job only where a test asks for it (it ranks with this app's idea index).
          ...(workerOptions.topicsEveryMs
            ? {
                rankIdeas: (ideas) => app.ideaSearch.current.rank(ideas),
                topicsEveryMs: workerOptions.topicsEveryMs,
              }
            : {}),
        })
  return {
    app,
    config,
    clock: clock as ManualClock,
    databaseUrl: database.url,
    async close() {
      await workers?.close()
      workers = null
      await app.close()
      await database.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
