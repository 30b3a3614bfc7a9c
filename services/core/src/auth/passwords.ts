import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

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
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, optionsFor(logN))
  return `scrypt$${logN}$${BLOCK_SIZE}$${PARALLELISM}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), {
    ...optionsFor(Number(logN)),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
