import { isIP } from 'node:net'

/*
 * The place an address stands for, as every count of readers keys places (found-it agreement, topics, the Top 20's
 * network cap): IPv4 addresses by their /24, IPv6 by their /48 — one household's or office's addresses, one phone's
 * changing addresses, one cloud machine's neighbours are one place. Callers hash it under a key before storing it.
 */
/** The /24 or /48 of an address; an address that is not an IP (a test's, a socket's) is taken whole. */
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
