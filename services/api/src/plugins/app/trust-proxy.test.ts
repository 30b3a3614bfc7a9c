import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/test-app.js'

// Behind the split stack's load balancer (TRUST_PROXY=127.0.0.1, issue 50) the per-address limits must see the
// client's address, and a client must not choose another one by writing X-Forwarded-For itself.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: '127.0.0.1', SEARCH_RATE_LIMIT_ANON: '2' }, undefined, {
    start: false,
  })
})
afterAll(async () => t?.close())

const search = (remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/search/podcast/surface?query=whale',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  })

describe('client addresses behind the balancer', () => {
  it('counts the address the balancer saw, whatever a client put before it in X-Forwarded-For', async () => {
    // The balancer (127.0.0.1) appends the address it took the connection from; the rest is the client's writing.
    expect((await search('127.0.0.1', '198.51.100.1, 203.0.113.9')).statusCode).toBe(200)
    expect((await search('127.0.0.1', '198.51.100.2, 203.0.113.9')).statusCode).toBe(200)
    expect((await search('127.0.0.1', '198.51.100.3, 203.0.113.9')).statusCode).toBe(429)
    // Another client behind the same balancer has a budget of its own.
    expect((await search('127.0.0.1', '203.0.113.10')).statusCode).toBe(200)
  })

  it('ignores X-Forwarded-For from an address that is not the balancer', async () => {
    // 203.0.113.20 spent its budget; a direct caller naming it gets a budget of its own address, not 203.0.113.20's…
    for (let i = 0; i < 2; i++) expect((await search('127.0.0.1', '203.0.113.20')).statusCode).toBe(200)
    expect((await search('192.0.2.50', '203.0.113.21')).statusCode).toBe(200)
    // … and cannot take a fresh one by naming another address: its own is counted.
    expect((await search('192.0.2.50', '203.0.113.22')).statusCode).toBe(200)
    expect((await search('192.0.2.50', '203.0.113.23')).statusCode).toBe(429)
  })
})
