import { randomBytes } from 'node:crypto'

/**
 * A new 24-hex-character id: 4 bytes of seconds since the epoch, then 8 random bytes.
 * The spec's clients recognise ids by this ObjectId shape, and the time prefix keeps ids roughly ordered.
 */
export function newId(now = Date.now()): string {
  const time = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
  return time + randomBytes(8).toString('hex')
}
