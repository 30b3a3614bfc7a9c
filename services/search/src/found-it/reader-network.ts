import { createHmac, randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import type { Redis } from 'ioredis'
import { AppError, ipv6Groups } from '@bookstrut/core'

/**
 * The key the reader networks are hashed with: random, made once per deployment by the first process that needs
 * it and kept in Redis (no expiry). Lost with Redis, a new one is made: places seen before then look new once.
 * Found it and saved searches (the topics' networks) share it.
 */
export async function networkKey(redis: Redis, prefix: string): Promise<string> {
  const key = `${prefix}:found-it:network-key`
  await redis.set(key, randomBytes(32).toString('hex'), 'NX')
  const value = await redis.get(key)
  if (!value) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Please try again in a moment.')
  return value
}

/** The keyed network of an address, under the deployment's key: what found it stores. */
export const networkOfAddress = async (redis: Redis, prefix: string, address: string) =>
  readerNetwork(await networkKey(redis, prefix), address)

/**
 * The network a saved search is stored with, or null while Redis (the key) does not answer: searches stay open
 * while Redis is down, and a search without a network counts no place for a topic (the safe way round).
 */
export const savedSearchNetwork = (redis: Redis, prefix: string, address: string): Promise<string | null> =>
  networkOfAddress(redis, prefix, address).catch(() => null)

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
  if (isIP(plain) === 6) return `${ipv6Groups(plain).slice(0, 3).join(':')}::/48`
  return plain
}
