import { afterAll, beforeAll, expect, it } from 'vitest'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildTestApp, type TestApp } from '../../test/test-app.js'

let t: TestApp
let dist: string
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'bookstrut-dist-'))
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><meta charset="utf-8"><div id="root"></div>')
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)')
  t = await buildTestApp({ CLIENT_DIST: dist })
})
afterAll(async () => {
  await t?.close()
  await rm(dist, { recursive: true, force: true })
})

it('serves index.html, uncached, for client routes', async () => {
  for (const url of ['/', '/profile', '/single-book/abc', '/profile-fevorite']) {
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toContain('<div id="root">')
  }
})

it('serves hashed assets with a long cache', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' })
  expect(res.statusCode).toBe(200)
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
})

it('keeps unknown API paths as JSON 404s, not the client page', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' })
  expect(res.statusCode).toBe(404)
  expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
})

it('does not ask browsers to upgrade requests to HTTPS when the app is served over plain HTTP', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/' })
  const csp = String(res.headers['content-security-policy'])
  expect(csp).toContain("default-src 'self'")
  expect(csp).toContain("media-src 'self' blob:")
  expect(csp).not.toContain('upgrade-insecure-requests')
})

it('lets the payment modal load Stripe.js and its card frame, and nothing else from elsewhere', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/' })
  const csp = String(res.headers['content-security-policy'])
  expect(csp).toContain("script-src 'self' https://js.stripe.com")
  expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com")
  expect(csp).toContain("connect-src 'self' https://api.stripe.com")
})
