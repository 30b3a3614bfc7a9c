import { isIP } from 'node:net'

/**
 * The key a per-address rate limit counts a request under (issue 45): an IPv4 address itself (an IPv4-mapped IPv6
 * address such as `::ffff:203.0.113.7` as that IPv4 address), an IPv6 address by its /64. One home, office or phone
 * network gets one /64 and may pick any of its 2^64 addresses, so keying IPv6 by the full address gave one
 * attacker 2^64 budgets. Anything that is not an IP (a test's or a socket's label) is taken whole.
 *
 * Every per-IP limit keys through this one function (rate-limits.ts's callers pass `addressKey(req.ip)`).
 */
export function addressKey(ip: string): string {
  const plain = withoutZone(ip)
  const mapped = ipv4Mapped(plain)
  if (mapped) return mapped
  if (isIP(plain) === 6) return `${ipv6Groups(plain).slice(0, 4).join(':')}::/64`
  return plain
}

/**
 * The place an address stands for, as every count of readers keys places (found-it agreement, topics, the Top 20's
 * network cap): IPv4 addresses by their /24, IPv6 by their /48 — one household's or office's addresses, one phone's
 * changing addresses, one cloud machine's neighbours are one place (wider than a rate limit's /64: a count of
 * readers must not be bought with a provider's neighbouring prefixes). Callers hash it under a key before storing
 * it. An address that is not an IP (a test's, a socket's) is taken whole.
 */
export function networkOf(address: string): string {
  const plain = withoutZone(address)
  const v4 = ipv4Mapped(plain)
  if (v4) return `${v4.split('.').slice(0, 3).join('.')}.0/24`
  if (isIP(plain) === 6) return `${ipv6Groups(plain).slice(0, 3).join(':')}::/48`
  return plain
}

/** `fe80::1%eth0` → `fe80::1`: the zone names the machine's interface, not the caller. */
const withoutZone = (ip: string) => ip.split('%')[0] ?? ip

/** The IPv4 address inside `::ffff:a.b.c.d` (also written `::ffff:xxxx:xxxx`), or null. */
function ipv4Mapped(ip: string): string | null {
  if (isIP(ip) !== 6) return isIP(ip) === 4 ? ip : null
  const lower = ip.toLowerCase()
  if (lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4) return lower.slice(7)
  const groups = ipv6Groups(lower)
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [hi = 0, lo = 0] = groups.slice(6).map((g) => parseInt(g, 16))
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.')
  }
  return null
}

/**
 * The eight groups of an IPv6 address, lower case without leading zeros, "::" expanded and a trailing dotted IPv4
 * part turned into its two groups.
 */
export function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase()
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number)
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail = ''] = text.split('::')
  const h = head ? head.split(':') : []
  const t = tail ? tail.split(':') : []
  const zeros = Array.from({ length: Math.max(0, 8 - h.length - t.length) }, () => '0')
  const groups = text.includes('::') ? [...h, ...zeros, ...t] : h
  return groups.map((g) => g.replace(/^0+(?=.)/, ''))
}
