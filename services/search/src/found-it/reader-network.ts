import { createHmac, randomBytes } from 'node:crypto'
import { AppError, networkOf } from '@bookstrut/core'
import type { Redis } from 'ioredis'

// Where the /24 and /48 are cut is core's (analytics keys the same places): re-exported for found-it's callers.
export { networkOf }

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

/** The deployment's network key, or 503 while Redis does not answer (a confirmation must not count a wrong place). */
export async function networkKey(redis: Redis, prefix: string): Promise<string> {
  const value = await readerNetworkKey(redis, prefix)
  if (!value) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Please try again in a moment.')
  return value
}

/** The keyed network of an address, under the deployment's key: what found it stores. */
export const networkOfAddress = async (redis: Redis, prefix: string, address: string) =>
  readerNetwork(await networkKey(redis, prefix), address)

/**
 * The network a saved search is stored with, or null while Redis (the key) does not answer: searches stay open
 * while Redis is down, and a search without a network counts as its reader's own place for a topic.
 */
export const savedSearchNetwork = (redis: Redis, prefix: string, address: string): Promise<string | null> =>
  networkOfAddress(redis, prefix, address).catch(() => null)
