import { afterAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLogger, loadConfig, pingDatabase, pingRedis } from '@bookstrut/core'
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

describe('the one-machine defaults', () => {
  it('runs its own PostgreSQL and Redis under DATA_DIR when DATABASE_URL is unset and nothing answers at REDIS_URL', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bookstrut-runtime-'))
    dirs.push(dataDir)
    const redisUrl = `redis://127.0.0.1:${await freePort()}`
    const config = loadConfig({
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      REDIS_URL: redisUrl,
    })
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
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bookstrut-runtime-'))
    dirs.push(dataDir)
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      EMBEDDED_REDIS: 'false',
    })
    await expect(prepareStores(config, createLogger('silent'))).rejects.toThrow(
      /apt-get install -y redis-server/,
    )
  })
})
