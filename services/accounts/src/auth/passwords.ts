import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { tooManyRequests } from '@bookstrut/core'

const KEY_LENGTH = 32
const BLOCK_SIZE = 8
const PARALLELISM = 1

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

/** Who asks for a hash; each kind waits in its own line, so a flood of one kind cannot starve the others. */
export type HashLane = 'sign-in' | 'sign-up' | 'reset' | 'change' | 'other'
const LANES: readonly HashLane[] = ['sign-in', 'sign-up', 'reset', 'change', 'other']

/**
 * A small fair semaphore for scrypt. scrypt runs on libuv's thread pool and takes tens of MiB per call, so
 * unbounded concurrency only adds memory and makes everyone slow. At most `concurrency` hashes run; waiting
 * calls queue per lane and are served round-robin across lanes; a lane already holding `maxWaiting` callers
 * refuses the next one with 429 at once instead of piling up.
 */
export class HashGate {
  private running = 0
  private readonly waiting = new Map<HashLane, Array<() => void>>()
  private nextLane = 0

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** Runs `task` when a slot is free; throws 429 RATE_LIMITED when the caller's lane is full. */
  async run<T>(lane: HashLane, task: () => Promise<T>): Promise<T> {
    await this.acquire(lane)
    try {
      return await task()
    } finally {
      this.release()
    }
  }

  /** How many callers wait in a lane (for tests and benchmarks). */
  queued(lane: HashLane): number {
    return this.waiting.get(lane)?.length ?? 0
  }

  private acquire(lane: HashLane): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1
      return Promise.resolve()
    }
    const queue = this.waiting.get(lane) ?? []
    if (queue.length >= this.maxWaiting) {
      return Promise.reject(tooManyRequests('The server is busy. Please try again in a few seconds.', 2))
    }
    this.waiting.set(lane, queue)
    return new Promise((resolve) => queue.push(resolve))
  }

  /** Hands the freed slot to the first waiting lane after the one served last (round-robin), else frees it. */
  private release() {
    for (let i = 0; i < LANES.length; i++) {
      const at = (this.nextLane + i) % LANES.length
      const lane = LANES[at]
      const wake = lane ? this.waiting.get(lane)?.shift() : undefined
      if (wake) {
        this.nextLane = (at + 1) % LANES.length
        wake()
        return
      }
    }
    this.running -= 1
  }
}

/**
 * The process-wide gate. Two hashes at a time keeps two of libuv's four threads free for file and DNS work;
 * 16 waiting per lane is about two seconds of work at the default cost.
 */
export const hashGate = new HashGate(2, 16)

const optionsFor = (logN: number): ScryptOptions => ({
  N: 2 ** logN,
  r: BLOCK_SIZE,
  p: PARALLELISM,
  // scrypt needs 128 * N * r bytes; allow that plus headroom.
  maxmem: 256 * 2 ** logN * BLOCK_SIZE,
})

/**
 * Hashes a password with scrypt, a memory-hard function (2^logN * 1 KiB of memory per hash: 32 MiB at 15).
 * The stored form carries its own parameters, so the cost can be raised later without breaking old hashes.
 */
export async function hashPassword(
  password: string,
  logN: number,
  lane: HashLane = 'other',
): Promise<string> {
  const salt = randomBytes(16)
  const key = await hashGate.run(lane, () => scryptAsync(password, salt, optionsFor(logN)))
  return `scrypt$${logN}$${BLOCK_SIZE}$${PARALLELISM}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

/** Checks a password against a stored hash, in the gate's `lane` like hashing. */
export async function verifyPassword(
  password: string,
  stored: string,
  lane: HashLane = 'other',
): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await hashGate.run(lane, () =>
    scryptAsync(password, Buffer.from(salt, 'base64url'), {
      ...optionsFor(Number(logN)),
      r: Number(r),
      p: Number(p),
    }),
  )
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
