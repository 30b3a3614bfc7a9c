import { describe, expect, it } from 'vitest'
import { addressKey } from './address-key.js'

describe('addressKey: the key per-address limits count under', () => {
  it('keeps an IPv4 address whole, and reads an IPv4-mapped IPv6 address as that IPv4 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7')
    expect(addressKey('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7')
  })

  it('keys every IPv6 address of one /64 alike, however it is written', () => {
    const key = '2001:db8:45:1::/64'
    expect(addressKey('2001:db8:45:1::a')).toBe(key)
    expect(addressKey('2001:db8:45:1:ffff:ffff:ffff:ffff')).toBe(key)
    expect(addressKey('2001:0DB8:0045:0001:0:0:0:1')).toBe(key)
    expect(addressKey('2001:db8:45:1::1%eth0')).toBe(key)
    expect(addressKey('2001:db8:45:2::a')).not.toBe(key)
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
  })

  it('takes anything that is not an IP whole', () => {
    expect(addressKey('unix-socket')).toBe('unix-socket')
  })
})
