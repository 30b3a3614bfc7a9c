import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing } from '@bookstrut/core/testing'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { STATIC_PATHS, sitemapXml, type SitemapSource } from '@bookstrut/catalogue'

const origin = 'https://books.example.org'
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)

let t: TestApp
const publicBooks: string[] = []
let hidden: string[]
let owner: { id: string }

beforeAll(async () => {
  // 10 addresses a file: the 18 static pages, 5 books, 1 author profile and 2 author names make 26, three files.
  t = await buildTestApp({ PUBLIC_URL: origin, SITEMAP_PAGE_SIZE: '10' }, undefined, { start: false })
  owner = await buildUser(t.app.db, { role: 'publisher' })
  for (let i = 0; i < 5; i++) {
    const author = i < 3 ? 'Ursula K. Le Guin' : 'Tove Jansson & Friends'
    publicBooks.push((await buildListing(t.app.db, { create_by: owner.id, author })).id)
  }
  hidden = [
    (await buildListing(t.app.db, { create_by: owner.id, status: 0, author: 'Pending Person' })).id,
    (await buildListing(t.app.db, { create_by: owner.id, status: 2, author: 'Rejected Person' })).id,
    (await buildListing(t.app.db, { create_by: owner.id, is_active: false, author: 'Inactive Person' })).id,
  ]
})
afterAll(async () => t?.close())

const get = (url: string) => t.app.inject({ method: 'GET', url })

describe('GET /sitemap.xml past the page size', () => {
  it('is a sitemap index of files of at most SITEMAP_PAGE_SIZE addresses, which together list every public page once', async () => {
    const index = await get('/sitemap.xml')
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toMatch(/^application\/xml/)
    expect(index.body).toContain('<sitemapindex')
    const files = locs(index.body)
    expect(files).toEqual([1, 2, 3].map((n) => `${origin}/sitemaps/${n}.xml`))

    const all: string[] = []
    for (const file of files) {
      const res = await get(new URL(file).pathname)
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<urlset')
      const urls = locs(res.body)
      expect(urls.length).toBeLessThanOrEqual(10)
      all.push(...urls)
    }
    expect(all).toHaveLength(26)
    expect(new Set(all).size).toBe(26)
    for (const path of STATIC_PATHS) expect(all).toContain(`${origin}${path}`)
    for (const id of publicBooks) expect(all).toContain(`${origin}/single-book/${id}`)
    for (const id of hidden) expect(all).not.toContain(`${origin}/single-book/${id}`)
    expect(all).toContain(`${origin}/author-profile/${owner.id}`)
    expect(all).toContain(`${origin}/author/Ursula%20K.%20Le%20Guin`)
    expect(all).toContain(`${origin}/author/Tove%20Jansson%20%26%20Friends`)
    expect(
      all.some((u) => u.includes('Pending%20Person') || u.includes('Rejected') || u.includes('Inactive')),
    ).toBe(false)
  })

  it('escapes addresses for XML and gives books their last change', async () => {
    const last = await get('/sitemaps/3.xml')
    expect(last.body).toContain('Tove%20Jansson%20%26%20Friends')
    const books = await get('/sitemaps/2.xml')
    expect(books.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/)
  })

  it.each([
    '/sitemaps/4.xml',
    '/sitemaps/0.xml',
    '/sitemaps/abc',
    '/sitemaps/1.xml.gz',
    '/sitemaps/99999999.xml',
  ])('answers 404 for %s', async (url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
  })
})

describe('sitemap sources and the single-file sitemap', () => {
  const content: SitemapSource = {
    name: 'content',
    entries: async () => [
      { path: '/faq/42', lastmod: new Date('2026-11-01T00:00:00Z') },
      { path: '/blog/how-to-pitch', lastmod: '2026-10-01T00:00:00Z' },
      // Already a static page: listed once.
      { path: '/faq' },
    ],
  }

  it('is one urlset up to the page size, with the content pages a source gives, each once', async () => {
    const xml = await sitemapXml({ db: t.app.db, origin, pageSize: 50_000, sources: [content] })
    expect(xml).toContain('<urlset')
    const urls = locs(xml!)
    expect(urls).toHaveLength(28)
    expect(urls.filter((u) => u === `${origin}/faq`)).toHaveLength(1)
    expect(urls).toContain(`${origin}/faq/42`)
    expect(urls).toContain(`${origin}/blog/how-to-pitch`)
    expect(xml).toContain('<lastmod>2026-11-01T00:00:00.000Z</lastmod>')
  })
})

describe('GET /robots.txt', () => {
  it('lets crawlers read the public pages, keeps them out of the private ones and points at the sitemap', async () => {
    const res = await get('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    const lines = res.body.split('\n')
    expect(lines).toContain('User-agent: *')
    for (const path of ['/api/', '/profile', '/upload-book', '/admin', '/search-book', '/Logout']) {
      expect(lines).toContain(`Disallow: ${path}`)
    }
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`)
    expect(lines.some((l) => /^Disallow: \/(single-book|author|faq|blog)/.test(l))).toBe(false)
  })
})
