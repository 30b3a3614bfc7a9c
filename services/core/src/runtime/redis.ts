import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { Redis, type RedisOptions } from 'ioredis'
import type { Logger } from '../logger.js'
import {
  claimOwnership,
  isAlive,
  ownedByAnotherLiveProcess,
  readPid,
  releaseOwnership,
  stopPid,
} from './owned-process.js'

/**
 * A Redis connection. `worker` connections (BullMQ workers, blocking commands) must retry forever;
 * producer connections fail fast so an API request never hangs on a dead Redis.
 */
export function createRedis(url: string, kind: 'producer' | 'worker' = 'producer'): Redis {
  const options: RedisOptions =
    kind === 'worker'
      ? { maxRetriesPerRequest: null }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 2000 }
  return new Redis(url, { lazyConnect: true, ...options })
}

export async function pingRedis(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  })
  probe.on('error', () => undefined)
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

export interface EmbeddedRedisHandle {
  stop(): Promise<void>
}

const isLoopback = (host: string) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)

export const REDIS_MISSING_MESSAGE =
  'Install Redis 7 (Debian/Ubuntu: `sudo apt-get install -y redis-server`; macOS: `brew install redis`) ' +
  'so BookStrut can start it, or start a Redis server yourself and set REDIS_URL.'

/**
 * Makes sure a Redis answers at `url`. When nothing does, the URL points at this machine and a `redis-server`
 * binary is installed, starts one with its data under `dir` (append-only file on, so queued jobs survive a
 * restart). Otherwise throws with a message saying how to get Redis.
 */
export async function ensureRedis(
  url: string,
  dir: string,
  logger: Logger,
  allowStart: boolean,
): Promise<EmbeddedRedisHandle | null> {
  const ownerFile = path.join(dir, 'owner.pid')
  const pidFile = path.join(dir, 'redis.pid')
  if (await pingRedis(url)) return adoptOrphan(pidFile, ownerFile, logger)
  const { hostname, port } = new URL(url)
  const binary = spawnSync('redis-server', ['--version'], { encoding: 'utf8' })
  if (!allowStart || !isLoopback(hostname) || binary.status !== 0) {
    throw new Error(`Nothing answers at REDIS_URL=${url}. ${REDIS_MISSING_MESSAGE}`)
  }
  mkdirSync(dir, { recursive: true })
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--bind',
      '127.0.0.1',
      '--port',
      port || '6379',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--save',
      '',
      '--daemonize',
      'no',
      '--pidfile',
      pidFile,
    ],
    // Its own process group: a Ctrl-C meant for the app must not stop Redis before the app closes its queues.
    { stdio: 'ignore', detached: true },
  )
  // Last resort if the process ends without a graceful stop: never leave an orphan redis-server behind.
  const killOnExit = () => child.kill('SIGTERM')
  process.once('exit', killOnExit)
  claimOwnership(ownerFile)
  for (let i = 0; i < 50; i++) {
    if (await pingRedis(url)) {
      logger.info({ url, dir }, 'started redis-server')
      return {
        stop: () =>
          new Promise((resolve) => {
            process.removeListener('exit', killOnExit)
            releaseOwnership(ownerFile)
            if (child.exitCode !== null) return resolve()
            child.once('exit', () => resolve())
            child.kill('SIGTERM')
          }),
      }
    }
    if (child.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`redis-server did not start on ${url}. ${REDIS_MISSING_MESSAGE}`)
}

/**
 * Redis answers already. When it is the one a BookStrut process started under DATA_DIR and that process was
 * killed (its owner file names a dead pid), this process takes it over and stops it on shutdown; otherwise
 * (another running app, or a Redis of the operator's) it is used as it is and left running.
 */
function adoptOrphan(pidFile: string, ownerFile: string, logger: Logger): EmbeddedRedisHandle | null {
  const pid = readPid(pidFile)
  if (pid === null || !isAlive(pid) || readPid(ownerFile) === null || ownedByAnotherLiveProcess(ownerFile))
    return null
  claimOwnership(ownerFile)
  logger.warn({ pid }, 'taking over the redis-server left running by a BookStrut process that was killed')
  return {
    async stop() {
      releaseOwnership(ownerFile)
      await stopPid(pid, 'SIGTERM')
    },
  }
}
