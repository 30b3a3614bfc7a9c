import { describe, expect, it } from 'vitest'
import path from 'node:path'
import { ConfigError, loadConfig } from './config.js'

describe('loadConfig', () => {
  it('gives the one-machine defaults when nothing is set', () => {
    const config = loadConfig({})
    expect(config.http.port).toBe(3000)
    expect(config.dataDir).toBe(path.resolve('./data'))
    expect(config.db.url).toBeUndefined()
    expect(config.redis.url).toBe('redis://127.0.0.1:6379')
    expect(config.mail.outboxDir).toBe(path.resolve('./data/outbox'))
    expect(config.workers.inProcess).toBe(true)
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('converts and nests what is set', () => {
    const config = loadConfig({
      PORT: '8080',
      RUN_WORKERS: 'false',
      CLICKHOUSE_URL: 'http://h:8123',
      DATABASE_URL: 'postgres://u@h/db',
      DATA_DIR: '/srv/bs',
    })
    expect(config.http.port).toBe(8080)
    expect(config.workers.inProcess).toBe(false)
    expect(config.db.url).toBe('postgres://u@h/db')
    expect(config.media.dir).toBe('/srv/bs/media')
  })

  it('trusts no proxy by default, every hop with true, or only the proxies named (the split stack)', () => {
    expect(loadConfig({}).http.trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).http.trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ])
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(ConfigError)
  })

  it('reads the search rate limits, which load tests raise', () => {
    expect(loadConfig({}).search.rateLimit).toEqual({ anonPerMinute: 60, userPerMinute: 240 })
    const raised = loadConfig({ SEARCH_RATE_LIMIT_ANON: '100000', SEARCH_RATE_LIMIT_USER: '200000' })
    expect(raised.search.rateLimit).toEqual({ anonPerMinute: 100_000, userPerMinute: 200_000 })
    expect(() => loadConfig({ SEARCH_RATE_LIMIT_ANON: '0' })).toThrow(/SEARCH_RATE_LIMIT_ANON/)
  })

  it('refuses workers in their own process on the embedded analytics store (chDB has one owner process)', () => {
    expect(() => loadConfig({ RUN_WORKERS: 'false' })).toThrow(
      /RUN_WORKERS=false \(workers in their own process\) needs CLICKHOUSE_URL/,
    )
    expect(loadConfig({ RUN_WORKERS: 'false', CLICKHOUSE_URL: 'http://h:8123' }).workers.inProcess).toBe(
      false,
    )
    // The one-process default keeps chDB.
    expect(loadConfig({}).analytics.clickhouseUrl).toBeUndefined()
  })

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', REDIS_URL: 'localhost:6379', LOG_LEVEL: 'loud' })
      expect.unreachable()
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError)
      const problems = (err as ConfigError).problems.join('\n')
      expect(problems).toMatch(/PORT/)
      expect(problems).toMatch(/REDIS_URL/)
      expect(problems).toMatch(/LOG_LEVEL/)
    }
  })
})
