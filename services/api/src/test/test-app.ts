import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { loadConfig, ManualClock, createLogger, type Clock, type Config } from '@bookstrut/core'
import { startWorkers, type RunningWorkers } from '@bookstrut/workers'
import { buildApp, type App } from '../app.js'

/** The PostgreSQL server tests run against; each test file gets its own database on it. */
export const testAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bookstrut_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: testAdminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(testAdminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: testAdminUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export interface TestApp {
  app: App
  config: Readonly<Config>
  clock: ManualClock
  databaseUrl: string
  close(): Promise<void>
}

/**
 * The real app on a fresh database, its own Redis key prefix and data folder, with the workers running
 * (so mails really go out). `env` overrides configuration, e.g. SMTP_URL.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  clock: Clock = new ManualClock(),
  workerOptions: { sweepIntervalMs?: number } = {},
): Promise<TestApp> {
  const database = await createTestDatabase()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bookstrut-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `t${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Cheaper scrypt keeps tests quick; production uses the default cost.
    PASSWORD_HASH_COST: '12',
    // The local model files (scripts/test.sh points MODELS_DIR at them when ../shared is not beside the clone).
    ...(process.env.MODELS_DIR ? { MODELS_DIR: process.env.MODELS_DIR } : {}),
    ...env,
  })
  const logger = createLogger(config.logLevel)
  const app = await buildApp({ config, databaseUrl: database.url, clock, logger })
  await app.ready()
  let workers: RunningWorkers | null = await startWorkers(config, logger, {
    databaseUrl: database.url,
    ...workerOptions,
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
