import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  createLogger,
  isAlive,
  loadConfig,
  pingDatabase,
  pingRedis,
  readPid,
  removeStaleTempDirs,
  startEmbeddedPostgres,
} from '@bookstrut/core'
import { testAdminUrl } from '@bookstrut/core/testing'
import { prepareStores } from './runtime.js'

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })

const dirs: string[] = []
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
})

/** A DATA_DIR of its own (removed after the file's tests). */
async function newDataDir() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bookstrut-runtime-'))
  dirs.push(dataDir)
  return dataDir
}

/** The environment of one-machine stores of their own: a fresh DATA_DIR, PostgreSQL and Redis on free ports. */
const ownStoresEnv = async () => ({
  DATA_DIR: await newDataDir(),
  EMBEDDED_PG_PORT: String(await freePort()),
  REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
})

describe('the one-machine defaults', () => {
  it('runs its own PostgreSQL and Redis under DATA_DIR when DATABASE_URL is unset and nothing answers at REDIS_URL', async () => {
    const env = await ownStoresEnv()
    const redisUrl = env.REDIS_URL
    const config = loadConfig(env)
    const stores = await prepareStores(config, createLogger('silent'))
    try {
      expect(stores.databaseUrl).toMatch(/\/bookstrut$/)
      expect(await pingDatabase(stores.databaseUrl)).toBe(true)
      expect(await pingRedis(redisUrl)).toBe(true)
    } finally {
      await stores.stop()
    }
    expect(await pingDatabase(stores.databaseUrl)).toBe(false)
    expect(await pingRedis(redisUrl)).toBe(false)
  })

  it('stops with a message saying how to get Redis when it may not start one', async () => {
    const dataDir = await newDataDir()
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: testAdminUrl,
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      EMBEDDED_REDIS: 'false',
    })
    await expect(prepareStores(config, createLogger('silent'))).rejects.toThrow(
      /apt-get install -y redis-server/,
    )
  })
})

/** Starts the stores in a child process (as the app does) and resolves once they answer. */
async function startStoresInChild(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/test/start-stores.ts'],
    {
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const lines = createInterface({ input: child.stdout })
  for await (const line of lines) if (line.startsWith('ready ')) break
  return child
}

const killed = (child: ReturnType<typeof spawn>) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })

describe('after the app was killed with SIGKILL', () => {
  it('stops the PostgreSQL it left running, takes over its Redis, and removes its scratch folders', async () => {
    const env = await ownStoresEnv()
    const dataDir = env.DATA_DIR
    const child = await startStoresInChild(env)
    const stale = path.join(dataDir, 'tmp', `import-${child.pid}-abc123`)
    await mkdir(stale, { recursive: true })
    await killed(child)

    // What the killed process leaves behind: both servers still run.
    const orphanPostmaster = readPid(path.join(dataDir, 'postgres', 'postmaster.pid'))
    const orphanRedis = readPid(path.join(dataDir, 'redis', 'redis.pid'))
    expect(orphanPostmaster !== null && isAlive(orphanPostmaster)).toBe(true)
    expect(orphanRedis !== null && isAlive(orphanRedis)).toBe(true)

    expect(await removeStaleTempDirs(path.join(dataDir, 'tmp'))).toEqual([path.basename(stale)])
    const stores = await prepareStores(loadConfig(env), createLogger('silent'))
    const postmaster = readPid(path.join(dataDir, 'postgres', 'postmaster.pid'))
    try {
      expect(postmaster).not.toBe(orphanPostmaster)
      expect(isAlive(orphanPostmaster ?? 0)).toBe(false)
      expect(await pingDatabase(stores.databaseUrl)).toBe(true)
      expect(await pingRedis(env.REDIS_URL)).toBe(true)
    } finally {
      await stores.stop()
    }
    // The next shutdown leaves nothing running.
    expect(isAlive(postmaster ?? 0)).toBe(false)
    expect(isAlive(orphanRedis ?? 0)).toBe(false)
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([])
  })

  it('shares the PostgreSQL of a BookStrut process that is still running, and leaves it running', async () => {
    const env = await ownStoresEnv()
    const app = await startStoresInChild(env)
    try {
      const cli = await prepareStores(loadConfig(env), createLogger('silent'), { redis: false })
      expect(await pingDatabase(cli.databaseUrl)).toBe(true)
      await cli.stop()
      expect(await pingDatabase(cli.databaseUrl)).toBe(true)
    } finally {
      await killed(app)
      // The killed app's servers are cleaned up by the next start, as above.
      await (await prepareStores(loadConfig(env), createLogger('silent'))).stop()
    }
  })
})

describe('the embedded PostgreSQL', () => {
  it('has a random password kept owner-only under DATA_DIR and refuses the old fixed one', async () => {
    const dataDir = await newDataDir()
    const port = await freePort()
    const pg = await startEmbeddedPostgres({
      dataDir,
      clusterDir: path.join(dataDir, 'postgres'),
      port,
      logger: createLogger('silent'),
    })
    try {
      const passwordFile = path.join(dataDir, 'postgres-password')
      const password = (await readFile(passwordFile, 'utf8')).trim()
      expect(password.length).toBeGreaterThanOrEqual(32)
      expect((await stat(passwordFile)).mode & 0o077).toBe(0)
      expect(new URL(pg.url).password).toBe(encodeURIComponent(password))
      expect(await pingDatabase(pg.url.replace(/\/bookstrut$/, '/postgres'))).toBe(true)
      expect(await pingDatabase(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`)).toBe(false)
      expect(await pingDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`)).toBe(false)
    } finally {
      await pg.stop()
    }
  })

  it.runIf(process.getuid?.() === 0)(
    'starts as root when DATA_DIR is in a folder the postgres user cannot enter (a clone in /root)',
    async () => {
      const privateRoot = await mkdtemp(path.join(tmpdir(), 'bookstrut-private-'))
      dirs.push(privateRoot)
      await chmod(privateRoot, 0o700)
      const dataDir = path.join(privateRoot, 'clone', 'data')
      const systemDir = path.join(await mkdtemp(path.join(tmpdir(), 'bookstrut-system-')), 'lib')
      dirs.push(path.dirname(systemDir))
      await chmod(path.dirname(systemDir), 0o755)
      const pg = await startEmbeddedPostgres({
        dataDir,
        clusterDir: path.join(dataDir, 'postgres'),
        port: await freePort(),
        logger: createLogger('silent'),
        systemDir,
      })
      try {
        expect(await pingDatabase(pg.url.replace(/\/bookstrut$/, '/postgres'))).toBe(true)
        const location = (await readFile(path.join(dataDir, 'postgres.location'), 'utf8')).split('\n')[0]
        expect(location?.startsWith(systemDir)).toBe(true)
        expect((await stat(privateRoot)).mode & 0o777).toBe(0o700)
      } finally {
        await pg.stop()
      }
    },
  )
})
