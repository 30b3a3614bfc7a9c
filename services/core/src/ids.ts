import { createHash, randomBytes } from 'node:crypto'

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

/**
 * A name-based UUID (version 5 layout, SHA-1) of `name`: the same name always gives the same id, so an event made
 * from a stored row (its name) is queued and stored under one id however often a request is retried.
 */
export function nameBasedUuid(name: string): string {
  const h = createHash('sha1').update(name).digest()
  h[6] = (h[6]! & 0x0f) | 0x50
  h[8] = (h[8]! & 0x3f) | 0x80
  const x = h.subarray(0, 16).toString('hex')
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`
}
