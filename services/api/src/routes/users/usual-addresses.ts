import ipaddr from 'ipaddr.js'
import { sessionsRepo } from '@bookstrut/accounts'
import type { DbOrTx } from '@bookstrut/core'

/**
 * Where a password-reset request comes from (issue 29): one of the account's usual addresses (it signed in from
 * there in the last USUAL_ADDRESS_DAYS days) or a new one. Requests from new addresses get limits of their own, so
 * a stranger who knows the e-mail cannot use up the owner's codes or tries.
 */
export type AddressOrigin = 'usual' | 'new'

export const USUAL_ADDRESS_DAYS = 90

/**
 * The network an address belongs to for this purpose: an IPv4 address itself (an IPv4-mapped IPv6 address as
 * IPv4), an IPv6 address's /64 (one home or phone network; privacy addresses change within it every day).
 */
function networkOf(address: string): string | null {
  if (!ipaddr.isValid(address)) return null
  const ip = ipaddr.process(address)
  if (ip.kind() === 'ipv4') return ip.toString()
  return (ip as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':') + '::/64'
}

/** Whether `ip` is on a network the account with this e-mail signed in from lately (an unknown e-mail: never). */
export async function originOf(db: DbOrTx, email: string, ip: string, now: Date): Promise<AddressOrigin> {
  const since = new Date(now.getTime() - USUAL_ADDRESS_DAYS * 86_400_000)
  const caller = networkOf(ip)
  if (caller === null) return 'new'
  const usual = await sessionsRepo.recentAddressesOf(db, email, since)
  return usual.some((address) => networkOf(address) === caller) ? 'usual' : 'new'
}
