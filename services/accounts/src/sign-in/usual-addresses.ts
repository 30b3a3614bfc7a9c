import * as sessionsRepo from '../db/sessions.repository.js'
import { addressKey, type DbOrTx } from '@bookstrut/core'

/**
 * Where a password-reset request comes from (issue 29): one of the account's usual addresses (it signed in from
 * there in the last USUAL_ADDRESS_DAYS days) or a new one. Requests from new addresses get limits of their own, so
 * a stranger who knows the e-mail cannot use up the owner's codes or tries.
 */
export type AddressOrigin = 'usual' | 'new'

export const USUAL_ADDRESS_DAYS = 90

/** Whether `ip` is on a network the account with this e-mail signed in from lately (an unknown e-mail: never). */
export async function originOf(db: DbOrTx, email: string, ip: string, now: Date): Promise<AddressOrigin> {
  const since = new Date(now.getTime() - USUAL_ADDRESS_DAYS * 86_400_000)
  // The network, as per-address limits key it: an IPv6 owner's privacy addresses change within their /64 daily.
  const caller = addressKey(ip)
  const usual = await sessionsRepo.recentAddressesOf(db, email, since)
  return usual.some((address) => addressKey(address) === caller) ? 'usual' : 'new'
}
