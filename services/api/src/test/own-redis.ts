import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pingRedis } from '@bookstrut/core'
import { until } from '@bookstrut/core/testing'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface OwnRedis {
  url: string
  /** Starts it (again), on the same port and folder: what it acknowledged before a kill is still there. */
  start(): Promise<void>
  /** SIGKILL, as a crash: no goodbye to its clients. */
  kill(): Promise<void>
  /** Stops it if it runs and removes its folder. */
  remove(): Promise<void>
}

/**
 * A redis-server of a test's own (never the shared one), so the test can kill it: append-only with every write
 * synced, so what it acknowledged survives SIGKILL.
 */
export async function ownRedis(): Promise<OwnRedis> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bookstrut-own-redis-'))
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  const own: OwnRedis = {
    url,
    async start() {
      if (child) return
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'yes',
          '--appendfsync',
          'always',
          '--maxmemory-policy',
          'noeviction',
        ],
        { stdio: 'ignore' },
      )
      // Never left running by a test process that ends early (a timed-out hook).
      const started = child
      process.once('exit', () => started.kill('SIGKILL'))
      await until('our redis-server answers', () => pingRedis(url), 20_000)
    },
    async kill() {
      const running = child
      child = undefined
      if (!running || running.exitCode !== null || running.signalCode !== null) return
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
      running.kill('SIGKILL')
      await exited
    },
    async remove() {
      await own.kill()
      await rm(dir, { recursive: true, force: true })
    },
  }
  await own.start()
  return own
}
