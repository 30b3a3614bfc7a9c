import { createHmac } from 'node:crypto'
import { networkOf } from '@bookstrut/core'

/*
 * Who an anonymous reader is (docs/analytics.md, "Who is a reader"). The server decides, never the browser: as
 * Plausible and Fathom count visitors, a visitor is a keyed hash of the request's address and User-Agent under a
 * random salt that changes every UTC day and is forgotten two days later, so a visitor cannot be followed from one
 * day to the next and no address is ever stored. A client-sent `anonymousId` is ignored.
 *
 * One address can stand for at most VISITORS_PER_ADDRESS distinct anonymous readers a day, whatever User-Agents it
 * sends: the User-Agent only picks one of that many slots of the address. A script that invents a new agent (or a
 * new anonymous id) for every event still makes at most this many readers from one address; two people behind one
 * address (a household, an office) are two readers unless their agents fall in the same slot (one chance in
 * VISITORS_PER_ADDRESS), which counts them as one — an undercount, never an overcount.
 */
export const VISITORS_PER_ADDRESS = 4

/** Length of the address part of a visitor id (hex of the salted address hash): what the ranking groups by. */
export const ADDRESS_KEY_LENGTH = 20

/** A visitor id: `<address key>-<slot>`, e.g. `3f9a0c…-2`; fits the AnonymousId pattern of the schemas. */
export function visitorId(salt: string, address: string, userAgent: string | undefined): string {
  const addressKey = createHmac('sha256', salt)
    .update(`address\0${address}`)
    .digest('hex')
    .slice(0, ADDRESS_KEY_LENGTH)
  const agent = createHmac('sha256', salt)
    .update(`agent\0${address}\0${userAgent ?? ''}`)
    .digest()
  return `${addressKey}-${agent.readUInt32BE(0) % VISITORS_PER_ADDRESS}`
}

/**
 * The network an event came from (docs/analytics.md, "The Top 20"): its address's /24 or /48 (core networkOf) under
 * the same daily salt, so a day's events of one network share one key and nothing names the address. The Top 20
 * caps what one network earns a title a day, accounts and visitors together: six accounts behind one address are
 * one place, as its four visitor slots are.
 */
export function visitorNetwork(salt: string, address: string): string {
  return createHmac('sha256', salt)
    .update(`network\0${networkOf(address)}`)
    .digest('hex')
    .slice(0, ADDRESS_KEY_LENGTH)
}

/** The address key of an `events.actor` of an anonymous reader (`a:<address key>-<slot>`), as SQL. */
export const sqlAddressOfActor = (actor: string) => `substring(${actor}, 3, ${ADDRESS_KEY_LENGTH})`
