import { NEW_ACCOUNT_WEIGHT } from '@bookstrut/core'
import { describe, expect, it } from 'vitest'
import { AGREEMENT, agreedIdeas, foundIdeaKey, type Confirmation } from './agreement.js'
import { networkOf, readerNetwork } from './reader-network.js'

let t = 0
const confirm = (userId: string, network: string, idea: string, weight = 1): Confirmation => ({
  userId,
  network,
  idea,
  ideaKey: foundIdeaKey(idea),
  createdAt: new Date(Date.UTC(2026, 10, 27) + ++t * 1000),
  weight,
})
const IDEA = 'my grandmother read it to me on the night ferry'

describe('agreement', () => {
  it('two readers from two networks do not agree yet', () => {
    expect(agreedIdeas([confirm('u1', 'n1', IDEA), confirm('u2', 'n2', IDEA)])).toEqual([])
  })

  it('three accounts from one network do not agree: one address is one place, however many accounts', () => {
    const rows = ['u1', 'u2', 'u3', 'u4', 'u5'].map((u) => confirm(u, 'n1', IDEA))
    expect(agreedIdeas(rows)).toEqual([])
  })

  it('one account repeating itself is one reader', () => {
    const rows = [confirm('u1', 'n1', IDEA), confirm('u1', 'n2', IDEA), confirm('u1', 'n3', IDEA)]
    expect(agreedIdeas(rows)).toEqual([])
  })

  it('three established readers from two networks do not agree (issue 45: three accounts on two /24s)', () => {
    const rows = [confirm('u1', 'n1', IDEA), confirm('u2', 'n1', IDEA), confirm('u3', 'n2', IDEA)]
    expect(agreedIdeas(rows)).toEqual([])
  })

  it('accounts made today count for little: ten of them on ten networks are one reader and no network', () => {
    const fresh = Array.from({ length: 10 }, (_, i) => confirm(`f${i}`, `n${i}`, IDEA, NEW_ACCOUNT_WEIGHT))
    expect(agreedIdeas(fresh)).toEqual([])
    // With two established readers on two more networks: 3 readers, but 2 networks that count.
    expect(agreedIdeas([...fresh, confirm('u1', 'm1', IDEA), confirm('u2', 'm2', IDEA)])).toEqual([])
  })

  it('three readers from three networks agree, near-duplicates merged, in the wording most of them typed', () => {
    const rows = [
      confirm('u1', 'n1', 'My grandmother read it to me on the night ferry!'),
      confirm('u2', 'n1', IDEA),
      confirm('u3', 'n2', 'grandmother read it on the night ferry'),
      confirm('u4', 'n3', IDEA),
      confirm('u5', 'n3', 'a lighthouse keeper and his cat'),
    ]
    expect(agreedIdeas(rows)).toEqual([
      { ideaKey: foundIdeaKey(IDEA), idea: IDEA, readers: 4, networks: 3, weightedReaders: 4 },
    ])
  })

  it('a lower rule (bench:quality --found-it-from, never the job) agrees with one reader; the default stays 3 and 3', () => {
    const rows = [confirm('u1', 'n1', IDEA), confirm('u1', 'n1', 'a lighthouse keeper and his cat')]
    expect(agreedIdeas(rows)).toEqual([])
    expect(agreedIdeas(rows, { readers: 1, networks: 1 }).map((a) => a.idea)).toEqual([
      'a lighthouse keeper and his cat',
      IDEA,
    ])
    expect(AGREEMENT).toEqual({ readers: 3, networks: 3 })
  })

  it('keys ignore case, punctuation and spacing', () => {
    expect(foundIdeaKey('  A Boy, a  WAND — and a school!  ')).toBe('a boy a wand and a school')
  })
})

describe('reader networks', () => {
  it('counts IPv4 by /24 and IPv6 by /48, hashed under the key, never the address', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24')
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24')
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48')
    expect(networkOf('2001:0db8:abcd::')).toBe('2001:db8:abcd::/48')
    const a = readerNetwork('k1', '203.0.113.7')
    expect(a).toBe(readerNetwork('k1', '203.0.113.200'))
    expect(a).not.toBe(readerNetwork('k1', '203.0.114.7'))
    expect(a).not.toBe(readerNetwork('k2', '203.0.113.7'))
    expect(a).not.toContain('203')
  })
})
