import { describe, expect, it } from 'vitest'
import { pageCacheKey } from './page-cache-key.js'

describe('pageCacheKey: one cached page whatever unread parameters come with it', () => {
  it('drops every parameter a page does not read (utm_*, fbclid, gclid, random ones)', () => {
    expect(pageCacheKey('/single-book/abc')).toBe('/single-book/abc')
    expect(pageCacheKey('/single-book/abc?utm_source=x&utm_medium=y')).toBe('/single-book/abc')
    expect(pageCacheKey('/topics/life-at-sea?fbclid=1&gclid=2')).toBe('/topics/life-at-sea')
    expect(pageCacheKey(`/?utm=${Math.random()}`)).toBe('/')
    expect(pageCacheKey('/?')).toBe('/')
  })

  it('keeps the parameters a page reads, in one order, and nothing else', () => {
    expect(pageCacheKey('/search-book?utm_source=x&query=sea&fbclid=1')).toBe('/search-book?query=sea')
    expect(pageCacheKey('/search-book?thirdField=c&firstField=a')).toBe(
      '/search-book?firstField=a&thirdField=c',
    )
  })
})
