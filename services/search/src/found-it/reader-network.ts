import { createHmac, randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import type { Redis } from 'ioredis'

/**
 * The network a confirmation came from, as agreement counts places: IPv4 addresses by their /24, IPv6 by their /48
 * (one household's or office's addresses, one phone's changing addresses, one cloud machine's neighbours are one
 * place), keyed-hashed under the deployment's key so the stored value names no address. An address that is not
 * an IP (a test's, a socket's) is taken whole.
 */
export function readerNetwork(key: string, address: string): string {
  return createHmac('sha256', key)
    .update(`network\0${networkOf(address)}`)
    .digest('hex')
    .slice(0, 32)
}

export function networkOf(address: string): string {
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
  if (isIP(plain) === 4) return `${plain.split('.').slice(0, 3).join('.')}.0/24`
  if (isIP(plain) === 6) return `${expandV6(plain).slice(0, 3).join(':')}::/48`
  return plain
}

/** The eight groups of an IPv6 address, "::" expanded. */
function expandV6(address: string): string[] {
  const [head = '', tail = ''] = address.split('::')
  const h = head ? head.split(':') : []
  const t = tail ? tail.split(':') : []
  const zeros = Array.from({ length: Math.max(0, 8 - h.length - t.length) }, () => '0')
  const groups = address.includes('::') ? [...h, ...zeros, ...t] : h
  return groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
}

const keys = new Map<string, string>()

/**
 * The key reader networks are hashed with (found-it confirmations, saved searches): random, made once per deployment
 * by the first process that needs it and kept in Redis (no expiry), then in this process's memory, so a signed-in
 * search or a confirmation costs no round trip for it. Lost with Redis, a new one is made: places seen before then
 * look new once. Undefined when Redis has none even after setting it (an outage): the caller decides.
 */
export async function readerNetworkKey(redis: Redis, prefix: string): Promise<string | undefined> {
  const kept = keys.get(prefix)
  if (kept) return kept
  const key = `${prefix}:found-it:network-key`
  await redis.set(key, randomBytes(32).toString('hex'), 'NX')
  const value = await redis.get(key)
  if (value) keys.set(prefix, value)
  return value ?? undefined
}
