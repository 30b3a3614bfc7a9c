import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createScratchDatabase, testPrefix, testRedisUrl } from '@bookstrut/core/testing'
import { outboxCode } from './outbox.js'

/*
 * The real API as its own process, for the client's component tests (vitest globalSetup) and the end-to-end
 * tests (e2e/harness.ts). Node only: nothing in the browser bundle imports this.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..')
const serverEntry = path.join(repoRoot, 'services/api/dist/server.js')

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })

export interface RunningApp {
  /** http://127.0.0.1:PORT */
  baseUrl: string
  /** The app's DATA_DIR; mails land in DATA_DIR/outbox. */
  dataDir: string
  /** The app's own database (created for this run, dropped by stop()). */
  databaseUrl: string
  /** Its Redis key prefix (its queues, e.g. the analytics events it accepted, live under it). */
  redisPrefix: string
  logs: string[]
  /** The 4-digit code of the newest mail to `email` in DATA_DIR/outbox. */
  outboxCode(email: string, timeoutMs?: number): Promise<string>
  stop(): Promise<void>
}

export interface StartAppOptions {
  /** Names the database, folder and Redis prefix (e2e, client). */
  label?: string
  /**
   * Runs once the empty database and DATA_DIR exist, before the app starts: e.g. a catalogue import, so the
   * app's first embedding sweep (at start) finds the books instead of the next one a minute later.
   */
  prepare?: (ctx: { databaseUrl: string; dataDir: string }) => Promise<void>
}

/**
 * The built app (`npm run build` first) as its own process: a fresh database from TEST_DATABASE_URL (migrated
 * by the app on start), its own DATA_DIR and REDIS_PREFIX (so its rate-limit counters start at zero), mail
 * written to DATA_DIR/outbox.
 */
export async function startApp({ label = 'e2e', prepare }: StartAppOptions = {}): Promise<RunningApp> {
  if (!existsSync(serverEntry)) {
    throw new Error(
      `The API is not built (${path.relative(repoRoot, serverEntry)} is missing). ` +
        'Run `npm run build` in the repository root first; CI builds before it tests.',
    )
  }
  const database = await createScratchDatabase(label)
  const dataDir = await mkdtemp(path.join(tmpdir(), `bookstrut-${label}-`))
  try {
    await prepare?.({ databaseUrl: database.url, dataDir })
  } catch (err) {
    await database.drop()
    await rm(dataDir, { recursive: true, force: true })
    throw err
  }
  const port = await freePort()
  const redisPrefix = testPrefix(label)
  const logs: string[] = []
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl,
      REDIS_PREFIX: redisPrefix,
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '12',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d: Buffer) => logs.push(d.toString()))
  child.stderr.on('data', (d: Buffer) => logs.push(d.toString()))
  // A test run that ends without its teardown (Ctrl-C in watch mode) still takes the server with it.
  const killOnExit = () => child.kill('SIGTERM')
  process.once('exit', killOnExit)

  const stop = async () => {
    process.off('exit', killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
    await database.drop()
    await rm(dataDir, { recursive: true, force: true })
  }

  const baseUrl = `http://127.0.0.1:${port}`
  // Up to 90 s: migrating a fresh database and warming the model took 45 s at a load average of 25 on two cores.
  for (let i = 0; ; i++) {
    const up = await fetch(`${baseUrl}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (child.exitCode !== null || i > 450) {
      await stop()
      throw new Error(`app did not start:\n${logs.join('')}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }

  return {
    baseUrl,
    dataDir,
    databaseUrl: database.url,
    redisPrefix,
    logs,
    outboxCode: (email, timeoutMs = 10_000) => outboxCode(dataDir, email, { timeoutMs }),
    stop,
  }
}
