import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { parse } from 'parse5'
import { buildUser } from '@bookstrut/accounts/testing'
import { addressKey } from '@bookstrut/core'
import { buildListing } from '@bookstrut/core/testing'
import { seedDemoContent } from '@bookstrut/content'
import { topicsRepo } from '@bookstrut/search'
import { buildTestApp, type TestApp } from '../test/test-app.js'
import { client } from '../test/api-client.js'
import { bundlePathOf } from './page-bundle.js'

// Pages as a crawler or a link preview gets them: plain HTTP GETs over a real socket, no JavaScript run. Needs the
// client built with its server bundle (`npm run build`, as scripts/test.sh does before the suites).

interface El {
  nodeName: string
  attrs?: { name: string; value: string }[]
  childNodes?: El[]
  value?: string
}

/** Every element of the parsed document, depth first. */
function elements(node: El, out: El[] = []): El[] {
  out.push(node)
  for (const child of node.childNodes ?? []) elements(child, out)
  // <template> content is not a child in parse5; we render none.
  return out
}
const attr = (el: El, name: string) => el.attrs?.find((a) => a.name === name)?.value
const text = (el: El): string =>
  el.nodeName === '#text' ? (el.value ?? '') : (el.childNodes ?? []).map(text).join('')

/** What a crawler reads in a page's HTML. */
function readPage(html: string) {
  const all = elements(parse(html))
  const head = all.find((e) => e.nodeName === 'head')!
  const inHead = elements(head)
  const meta = (key: string) =>
    inHead.filter((e) => e.nodeName === 'meta' && (attr(e, 'name') === key || attr(e, 'property') === key))
  const one = (key: string) => {
    const found = meta(key)
    expect(found, `exactly one <meta> ${key}`).toHaveLength(1)
    return attr(found[0]!, 'content')
  }
  return {
    title: inHead.filter((e) => e.nodeName === 'title').map(text),
    meta: one,
    count: (key: string) => meta(key).length,
    canonical: inHead
      .filter((e) => e.nodeName === 'link' && attr(e, 'rel') === 'canonical')
      .map((e) => attr(e, 'href')),
    jsonLd: inHead
      .filter((e) => e.nodeName === 'script' && attr(e, 'type') === 'application/ld+json')
      .map((e) => JSON.parse(text(e)) as Record<string, unknown>),
    root: text(all.find((e) => attr(e, 'id') === 'root')!),
    state: all.find((e) => attr(e, 'id') === 'ssr-state'),
    scripts: all.filter((e) => e.nodeName === 'script' && !attr(e, 'type')?.includes('json')),
  }
}

let t: TestApp
let base: string
let origin: string
let book: { id: string; title: string; description: string }
let hostile: { id: string; title: string }
let pending: { id: string }
let author: { id: string }

const get = (path: string) => fetch(`${base}${path}`, { headers: { 'user-agent': 'Twitterbot/1.0' } })

beforeAll(async () => {
  const clientDist = new URL('../../../../client/dist', import.meta.url).pathname
  if (!existsSync(bundlePathOf(clientDist))) {
    throw new Error('client/dist-server is missing: run `npm run build` first (the server render loads it)')
  }
  t = await buildTestApp({ PUBLIC_URL: 'https://books.example.org' }, undefined, { start: false })
  origin = 'https://books.example.org'
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  author = await buildUser(t.app.db, { role: 'author' })
  const description =
    'A lighthouse keeper on a remote island finds a stranded child and must decide whether to keep her, ' +
    'while the war takes the men of the village one after another and the sea keeps what it is given.'
  const row = await buildListing(t.app.db, {
    create_by: author.id,
    title: 'The Light Between Oceans',
    author: 'M. L. Stedman',
    description,
  })
  book = { id: row.id, title: row.title, description }
  const hostileTitle = '</script><script>alert("t")</script> & "quotes"'
  hostile = {
    id: (await buildListing(t.app.db, { create_by: author.id, title: hostileTitle })).id,
    title: hostileTitle,
  }
  pending = await buildListing(t.app.db, { create_by: author.id, title: 'Not Approved Yet', status: 0 })
})
afterAll(async () => t?.close())

describe('a public page, fetched without JavaScript', () => {
  it("carries the book's title, description, canonical link, Open Graph and Twitter tags and Book JSON-LD", async () => {
    const res = await get(`/single-book/${book.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    const page = readPage(html)

    const title = `${book.title} by M. L. Stedman · BookStrut`
    expect(page.title).toEqual([title])
    const description = page.meta('description')!
    // Spec: the book page's description is the first 150 characters of the book's.
    expect(description.length).toBeLessThanOrEqual(150)
    expect(book.description.startsWith(description.replace(/…$/, ''))).toBe(true)
    const url = `${origin}/single-book/${book.id}`
    expect(page.canonical).toEqual([url])
    expect(page.meta('og:title')).toBe(title)
    expect(page.meta('og:description')).toBe(description)
    expect(page.meta('og:url')).toBe(url)
    expect(page.meta('og:type')).toBe('book')
    expect(page.meta('og:site_name')).toBe('BookStrut')
    expect(page.meta('twitter:card')).toBe('summary')
    expect(page.meta('twitter:title')).toBe(title)
    expect(page.meta('twitter:description')).toBe(description)

    expect(page.jsonLd).toHaveLength(1)
    const graph = page.jsonLd[0]!['@graph'] as Record<string, unknown>[]
    expect(graph.find((n) => n['@type'] === 'Book')).toMatchObject({
      name: book.title,
      author: { '@type': 'Person', name: 'M. L. Stedman' },
    })
    expect(graph.find((n) => n['@type'] === 'FAQPage')).toBeDefined()
    expect(graph.find((n) => n['@type'] === 'HowTo')).toMatchObject({
      totalTime: 'PT2M',
      step: expect.any(Array),
    })

    // The page itself, not an empty shell, and the data the browser hydrates from.
    expect(page.root).toContain(book.title)
    expect(page.root).toContain('About this book')
    const state = JSON.parse(text(page.state!)) as { queries: { queries: { queryKey: unknown[] }[] } }
    expect(state.queries.queries.map((q) => q.queryKey)).toContainEqual([
      'books',
      'one',
      book.id,
      { userId: null },
    ])
    // Clicks wait for the browser app (App removes this), and no inline script: the CSP allows only our files.
    expect(html).toContain('<div id="root" style="pointer-events:none">')
    expect(page.scripts.every((s) => attr(s, 'src'))).toBe(true)
  })

  it('keeps a hostile title inert: the JSON-LD and the HTML still say exactly the title', async () => {
    const res = await get(`/single-book/${hostile.id}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).not.toContain('<script>alert')
    const page = readPage(html)
    const graph = page.jsonLd[0]!['@graph'] as Record<string, unknown>[]
    expect(graph.find((n) => n['@type'] === 'Book')?.name).toBe(hostile.title)
    expect(page.meta('og:title')).toBe(`${hostile.title} by ${graphAuthor(graph)} · BookStrut`)
    expect(page.root).toContain(hostile.title)
  })

  it("gives the author profile its name, canonical link and ProfilePage JSON-LD, with the author's titles", async () => {
    const res = await get(`/author-profile/${author.id}`)
    expect(res.status).toBe(200)
    const page = readPage(await res.text())
    expect(page.title[0]).toMatch(/^Test User\d+: author profile · BookStrut$/)
    expect(page.canonical).toEqual([`${origin}/author-profile/${author.id}`])
    expect(page.meta('og:type')).toBe('profile')
    expect(page.jsonLd[0]).toMatchObject({ '@type': 'ProfilePage' })
    expect(page.root).toContain(book.title)
    expect(page.root).not.toContain('Not Approved Yet')
  })

  it('renders the home page with its title, description, canonical link and WebSite JSON-LD', async () => {
    const res = await get('/')
    expect(res.status).toBe(200)
    const page = readPage(await res.text())
    expect(page.title).toEqual(['BookStrut: find books by the ideas inside them'])
    expect(page.canonical).toEqual([`${origin}/`])
    expect(page.meta('description')).toMatch(/describing ideas/)
    expect(page.jsonLd[0]).toMatchObject({ '@type': 'WebSite' })
    expect(page.root).toContain('Describe the ideas.')
    // index.html's default description is replaced, never doubled.
    expect(page.count('description')).toBe(1)
  })

  it('gives a page that declares nothing a title, the site description and its own address as canonical', async () => {
    const res = await get('/free-books')
    expect(res.status).toBe(200)
    const page = readPage(await res.text())
    expect(page.title).toEqual(['Free Books · BookStrut'])
    expect(page.canonical).toEqual([`${origin}/free-books`])
    expect(page.meta('og:url')).toBe(`${origin}/free-books`)
  })
})

/** The author named in a Book node (the factory's default author). */
function graphAuthor(graph: Record<string, unknown>[]) {
  const node = graph.find((n) => n['@type'] === 'Book') as { author: { name: string } }
  return node.author.name
}

describe('content pages, fetched without JavaScript', () => {
  beforeAll(async () => {
    await seedDemoContent(t.app.db)
  })

  it('carry the FAQ, the blog post and its list in the HTML itself, not only a loading state', async () => {
    const faq = readPage(await (await get('/faq')).text())
    expect(faq.root).toContain('What is BookStrut?')

    const list = readPage(await (await get('/blog')).text())
    expect(list.root).toContain('Find Books by Describing Ideas')

    const res = await get('/blog/find-books-by-describing-ideas')
    expect(res.status).toBe(200)
    const post = readPage(await res.text())
    expect(post.root).toContain('Most book searches start from something you already know')
    expect(post.canonical).toEqual([`${origin}/blog/find-books-by-describing-ideas`])
  })

  it('answer an unknown blog post or information page with the 404 page', async () => {
    expect((await get('/blog/no-such-post')).status).toBe(404)
    expect((await get('/pagedetail/no-such-page')).status).toBe(404)
  })
})

describe('topic pages, fetched without JavaScript', () => {
  beforeAll(async () => {
    // The set as the topics job stores it (topics.test.ts runs the job itself).
    await topicsRepo.replaceTopics(
      t.app.db,
      [
        {
          slug: 'life-at-sea',
          idea: 'life at sea',
          searchers: 4,
          books: [
            { bookId: book.id, strutScore: 81.5 },
            { bookId: pending.id, strutScore: 60 },
          ],
        },
      ],
      new Date(),
    )
  })

  it('carry the title, description, canonical link and ItemList of Book JSON-LD, and list the books', async () => {
    const res = await get('/topics/life-at-sea')
    expect(res.status).toBe(200)
    expect(res.headers.get('x-page-render')).toMatch(/miss|hit/)
    const page = readPage(await res.text())
    expect(page.title).toEqual(['Books about Life at sea · BookStrut'])
    expect(page.meta('description')).toBe(
      '1 book about life at sea, ranked by how well each matches the idea (Strut score): The Light Between Oceans.',
    )
    expect(page.canonical).toEqual([`${origin}/topics/life-at-sea`])
    expect(page.meta('og:url')).toBe(`${origin}/topics/life-at-sea`)
    expect(page.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: 'Books about life at sea',
        numberOfItems: 1,
        itemListElement: [
          {
            '@type': 'ListItem',
            position: 1,
            item: expect.objectContaining({
              '@type': 'Book',
              name: 'The Light Between Oceans',
              url: `${origin}/single-book/${book.id}`,
            }) as unknown,
          },
        ],
      },
    ])
    expect(page.root).toContain('The Light Between Oceans')
    expect(page.root).toContain('Strut score 82')
    // A book that is not public is on no topic page.
    expect(page.root).not.toContain('Not Approved Yet')
  })

  it('list the topics on the index and on the home page, and in the sitemap', async () => {
    const index = readPage(await (await get('/topics')).text())
    expect(index.canonical).toEqual([`${origin}/topics`])
    expect(index.root).toContain('Life at sea')
    // The home page rendered before the topics existed is kept for 30 s: emptied as an admin write empties it.
    t.app.publicPages.changed()
    expect(readPage(await (await get('/')).text()).root).toContain('Popular ideasLife at sea')
    const sitemap = await (await get('/sitemap.xml')).text()
    expect(sitemap).toContain(`<loc>${origin}/topics/life-at-sea</loc>`)
    expect(sitemap).toContain(`<loc>${origin}/topics</loc>`)
  })

  it('answer an unknown or malformed topic with the 404 page', async () => {
    expect((await get('/topics/no-such-topic')).status).toBe(404)
    expect((await get('/topics/%3Cscript%3E')).status).toBe(404)
  })
})

describe("an admin's write, on the next page load", () => {
  let admin: { id: string; token: string }
  let reader: { id: string; token: string }
  const api = () => client(t.app)
  const renderOf = async (path: string) => {
    const res = await get(path)
    return {
      status: res.status,
      outcome: res.headers.get('x-page-render'),
      root: readPage(await res.text()).root,
    }
  }
  /** Loads the page twice: the second answer comes from the render cache (the state the write must not hide). */
  const cached = async (path: string) => {
    await get(path)
    expect((await renderOf(path)).outcome).toBe('hit')
  }
  beforeAll(async () => {
    admin = await buildUser(t.app.db, { role: 'admin' })
    reader = await buildUser(t.app.db, { role: 'reader' })
  })

  it('shows a new FAQ, a new price and a new information page at once, not after the 30 s render cache', async () => {
    /** The page is rendered again (not served from the cache) and shows `text`. */
    const renderedAfresh = async (path: string, text: string) => {
      const rendered = await renderOf(path)
      expect(rendered.outcome).toBe('miss')
      expect(rendered.root).toContain(text)
    }
    await cached('/faq')
    await cached('/membership')
    await cached('/pagedetail/press-kit')
    expect((await renderOf('/pagedetail/press-kit')).status).toBe(404)

    const faq = await api().post(
      '/create/faq',
      { question: 'Can a publisher list a whole catalogue?', answer: '<p>Yes, on the Pro plan.</p>' },
      { token: admin.token },
    )
    expect(faq.status).toBe(200)
    await renderedAfresh('/faq', 'Can a publisher list a whole catalogue?')

    const plan = await api().put(
      '/admin/membership/plan',
      { planId: '0000000000000000000000a2', price: 6.49 },
      { token: admin.token },
    )
    expect(plan.status).toBe(200)
    await renderedAfresh('/membership', '6.49')

    const page = await api().post(
      '/create/information',
      {
        path: 'press-kit',
        information_name: 'Press kit',
        information_Description: '<p>Logos and photos.</p>',
        placeArea: 'footer',
      },
      { token: admin.token },
    )
    expect(page.status).toBe(200)
    const pressKit = await renderOf('/pagedetail/press-kit')
    expect(pressKit.status).toBe(200)
    expect(pressKit.root).toContain('Logos and photos.')
  })

  it('keeps the cache through a refused admin write and through calls that are not admin writes', async () => {
    await cached('/faq')
    const refused = await api().post('/create/faq', { question: '', answer: 'x' }, { token: admin.token })
    expect(refused.status).toBe(400)
    const forged = await api().post('/create/faq', { question: 'Q?', answer: 'A' }, { token: reader.token })
    expect(forged.status).toBe(403)
    expect((await api().get('/admin/users', { token: admin.token })).status).toBe(200)
    expect((await renderOf('/faq')).outcome).toBe('hit')
  })
})

describe('pages with nothing public to show', () => {
  it.each([
    ['a book waiting for approval', () => `/single-book/${pending.id}`],
    ['a book that does not exist', () => '/single-book/no-such-book'],
    ['an unknown address', () => '/no/such/page'],
  ])('answer %s with the 404 page, not indexed', async (_name, path) => {
    const res = await get(path())
    expect(res.status).toBe(404)
    const html = await res.text()
    const page = readPage(html)
    expect(page.title).toEqual(['Page not found · BookStrut'])
    expect(page.meta('robots')).toBe('noindex')
    expect(page.root).toContain('Page not found')
    expect(page.state).toBeUndefined()
    expect(html).not.toContain('Not Approved Yet')
  })
})

describe('private pages and the render cache', () => {
  it.each(['/profile', '/profile-listings', '/upload-book', '/admin/moderation', '/search-book', '/Logout'])(
    'sends %s as the plain app shell',
    async (path) => {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('x-page-render')).toBe('shell')
      const page = readPage(await res.text())
      expect(page.root).toBe('')
      expect(page.state).toBeUndefined()
    },
  )

  it('serves a page rendered a moment ago from memory', async () => {
    t.app.publicPages.changed()
    const path = `/single-book/${book.id}`
    expect((await get(path)).headers.get('x-page-render')).toBe('miss')
    const again = await get(path)
    expect(again.headers.get('x-page-render')).toBe('hit')
    expect(readPage(await again.text()).root).toContain(book.title)
  })

  it("answers the app shell, without rendering, once an address's render budget is used up", async () => {
    for (let i = 0; i < 120; i++) await t.app.limits.count('pageRendersPerIp', '127.0.0.1')
    t.app.publicPages.changed()
    const res = await get(`/single-book/${book.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-page-render')).toBe('busy')
    expect(readPage(await res.text()).root).toBe('')
  })
})

describe('renders nobody can poison (issue 45)', () => {
  /** A page load from `ip`, as a browser or crawler on that address makes it. */
  const pageFrom = async (ip: string, path: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: path,
      remoteAddress: ip,
      headers: { 'user-agent': 'x' },
    })
    return {
      status: res.statusCode,
      outcome: res.headers['x-page-render'],
      cacheControl: res.headers['cache-control'],
      page: readPage(res.body),
    }
  }
  const apiFrom = (ip: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, remoteAddress: ip })
  const authorPage = `/author/${encodeURIComponent('M. L. Stedman')}`
  // Each test starts from an empty render cache (as after an admin write), so its first load is a render.
  beforeEach(() => t.app.publicPages.changed())

  it('renders the full page for an address that used up its own API limit, and others get that page', async () => {
    const attacker = '203.0.113.45'
    // The attack: spend the address's own limit on the author page's data call (60 a minute)...
    const name = encodeURIComponent('M. L. Stedman')
    for (let i = 0; i < 60; i++)
      expect((await apiFrom(attacker, `/author/books?name=${name}`)).statusCode).toBe(200)
    const refused = await apiFrom(attacker, `/author/books?name=${name}`)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    // ...then ask for the page: the render's own calls spend none of it, so the page has its books...
    const poisoned = await pageFrom(attacker, `${authorPage}`)
    expect(poisoned.outcome).toBe('miss')
    expect(poisoned.page.root).toContain(book.title)
    expect(poisoned.page.title[0]).not.toBe('Author · BookStrut')
    // ...the address's own API limit is still used up: a page load is no way around it, and no header claims to be
    // a render (a render is known from its async context, which a request from outside never has)...
    expect((await apiFrom(attacker, `/author/books?name=${name}`)).statusCode).toBe(429)
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/author/books?name=${name}`,
      remoteAddress: attacker,
      headers: { 'x-page-render': 'miss', 'x-render': '1', 'user-agent': 'BookStrut server render' },
    })
    expect(forged.statusCode).toBe(429)
    // ...and everyone else gets that full page from the cache.
    const other = await pageFrom('198.51.100.45', `${authorPage}`)
    expect(other.outcome).toBe('hit')
    expect(other.page.root).toContain(book.title)
  })

  it('keeps the topic page whole after its address spent the topic limit', async () => {
    const attacker = '203.0.113.46'
    for (let i = 0; i < 120; i++) await apiFrom(attacker, '/topics/life-at-sea')
    expect((await apiFrom(attacker, '/topics/life-at-sea')).statusCode).toBe(429)
    const page = await pageFrom(attacker, '/topics/life-at-sea')
    expect(page.outcome).toBe('miss')
    expect(page.page.title).toEqual(['Books about Life at sea · BookStrut'])
    expect(page.page.root).toContain('The Light Between Oceans')
    expect((await pageFrom('198.51.100.46', '/topics/life-at-sea')).page.root).toContain(
      'The Light Between Oceans',
    )
  })

  it('sends a render that missed its data no-store, never caches it, and renders the next visitor afresh', async () => {
    const visitor = '203.0.113.47'
    // The render budget of data calls for this address is used up: its renders' calls are refused (429).
    for (let i = 0; i < 600; i++) await t.app.limits.count('pageRenderReadsPerIp', visitor)
    const partial = await pageFrom(visitor, `${authorPage}`)
    expect(partial.status).toBe(200)
    expect(partial.outcome).toBe('partial')
    expect(partial.cacheControl).toBe('no-store')
    expect(partial.page.title).toEqual(['Author · BookStrut'])
    expect(partial.page.root).not.toContain(book.title)
    // Not cached: the next visitor's load is a render of its own, with the books, and that one is kept.
    const next = await pageFrom('198.51.100.47', `${authorPage}`)
    expect(next.outcome).toBe('miss')
    expect(next.cacheControl).toBe('no-cache')
    expect(next.page.root).toContain(book.title)
    expect((await pageFrom(visitor, `${authorPage}`)).outcome).toBe('hit')
  })

  it('serves random and tracking parameters from one cache entry: one render, not one per parameter', async () => {
    const visitor = '203.0.113.48'
    const path = `/single-book/${book.id}`
    const first = await pageFrom(visitor, `${path}?utm=${Math.random()}`)
    expect(first.outcome).toBe('miss')
    for (const query of [
      `utm=${Math.random()}`,
      'utm_source=x&utm_medium=y',
      'fbclid=abc',
      'gclid=1&x=2',
      '',
    ])
      expect((await pageFrom(visitor, query ? `${path}?${query}` : path)).outcome).toBe('hit')
    expect(await t.app.limits.used('pageRendersPerIp', visitor)).toBe(1)
    // The page is rendered at its own address: the canonical names no parameter.
    expect(first.page.canonical).toEqual([`${origin}${path}`])
  })

  it('counts the render budget of an IPv6 visitor by its /64', async () => {
    for (let i = 0; i < 120; i++) await t.app.limits.count('pageRendersPerIp', addressKey('2001:db8:45:7::1'))
    // A page in the cache is still served; a render is due for another page, and the sibling's budget is spent.
    await pageFrom('198.51.100.49', `/single-book/${book.id}`)
    const sibling = await pageFrom('2001:db8:45:7:abcd::2', `/single-book/${book.id}?x=v6`)
    expect(sibling.outcome).toBe('hit')
    const fresh = await pageFrom('2001:db8:45:7:abcd::2', `/free-books`)
    expect(fresh.outcome).toBe('busy')
  })
})
