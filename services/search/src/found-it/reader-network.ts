import { createHmac } from 'node:crypto'
import { isIP } from 'node:net'
import { ipv6Groups } from '@bookstrut/core'

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
