import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { until } from '@bookstrut/core/testing'
import { buildUser } from '@bookstrut/accounts/testing'
import { TERMS_INFORMATION_ID } from '@bookstrut/schemas'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'

let t: TestApp
let admin: { id: string; token: string }
let reader: { id: string; token: string }
beforeAll(async () => {
  t = await buildTestApp()
  admin = await buildUser(t.app.db, { role: 'admin' })
  reader = await buildUser(t.app.db, { role: 'reader' })
})
afterAll(async () => t?.close())

const api = () => client(t.app)
const adminOpts = () => ({ token: admin.token })

/** Every row of the content tables, to show that a refused call changed nothing. */
const contentState = async () =>
  JSON.stringify(
    await Promise.all(
      (['faqs', 'blog_posts', 'information_pages', 'site_settings'] as const).map((table) =>
        t.app.db.selectFrom(table).selectAll().orderBy('id').execute(),
      ),
    ),
  )

async function createFaq(body: Record<string, unknown>) {
  const res = await api().post('/create/faq', body, adminOpts())
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}
async function createBlog(body: Record<string, unknown>) {
  const res = await api().post('/create/blog', body, adminOpts())
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

describe('FAQ', () => {
  let first: any
  let hidden: any
  beforeAll(async () => {
    first = await createFaq({
      question: 'How do I list a book?',
      answer: '<p>Open <b>Upload</b>.</p>',
      order: 1,
      relatedLinks: [{ linkText: 'Upload', linkUrl: '/upload-book', linkType: 'internal' }],
    })
    await createFaq({ question: 'What is a podblurb?', answer: '<p>An audio promo.</p>', order: 2 })
    await createFaq({ question: 'Is listing free?', answer: '<p>The first one is.</p>', order: 3 })
    hidden = await createFaq({
      question: 'Draft question',
      answer: '<p>Not yet.</p>',
      order: 0,
      isActive: false,
    })
  })

  it('lists active FAQs by order with the paged envelope, and honours page, limit, sortBy and sortOrder', async () => {
    const all = await api().get('/get/all/faq?isActive=true&sortBy=order&sortOrder=asc&limit=100')
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ success: true, total: 3, totalPages: 1, currentPage: 1, pageSize: 100 })
    expect(all.body.data.map((f: any) => f.question)).toEqual([
      'How do I list a book?',
      'What is a podblurb?',
      'Is listing free?',
    ])
    expect(all.body.data[0]).toMatchObject({
      _id: first._id,
      answer: '<p>Open <b>Upload</b>.</p>',
      order: 1,
      isActive: true,
      relatedLinks: [{ linkText: 'Upload', linkUrl: '/upload-book', linkType: 'internal' }],
    })
    const page2 = await api().get('/get/all/faq?page=2&limit=2&sortBy=order&sortOrder=desc')
    expect(page2.body).toMatchObject({ total: 3, totalPages: 2, currentPage: 2, pageSize: 2 })
    expect(page2.body.data.map((f: any) => f.order)).toEqual([1])
    const byQuestion = await api().get('/get/all/faq?sortBy=question&sortOrder=asc')
    expect(byQuestion.body.data.map((f: any) => f.question)[0]).toBe('How do I list a book?')
  })

  it('searches question and answer, with % and _ taken literally', async () => {
    expect((await api().get('/get/all/faq?search=audio')).body.data.map((f: any) => f.question)).toEqual([
      'What is a podblurb?',
    ])
    expect((await api().get('/get/all/faq?search=%25')).body.total).toBe(0)
  })

  it('hides inactive FAQs from everyone but admins', async () => {
    expect((await api().get('/get/all/faq?isActive=false')).body.data).toEqual([])
    expect((await api().get(`/get/single/faq?id=${hidden._id}`)).status).toBe(404)
    const forAdmin = await api().get('/get/all/faq?isActive=false', adminOpts())
    expect(forAdmin.body.data.map((f: any) => f._id)).toEqual([hidden._id])
    expect((await api().get(`/get/single/faq?id=${hidden._id}`, adminOpts())).status).toBe(200)
  })

  it('answers one FAQ, 404 "FAQ not found" for an unknown id and 400 for a malformed one', async () => {
    const one = await api().get(`/get/single/faq?id=${first._id}`)
    expect(one.body.data.question).toBe('How do I list a book?')
    const missing = await api().get('/get/single/faq?id=aaaaaaaaaaaaaaaaaaaaaaaa')
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'FAQ not found' })
    expect((await api().get('/get/single/faq?id=nope')).status).toBe(400)
    expect((await api().get('/get/all/faq?sortBy=password')).status).toBe(400)
    expect((await api().get('/get/all/faq?limit=1000')).status).toBe(400)
  })
})

describe('blog', () => {
  let post: any
  let firstDay = ''
  beforeAll(async () => {
    firstDay = t.clock.now().toISOString().slice(0, 10)
    post = await createBlog({
      title: 'Find Books by Idea!',
      content: '<p>Describe <em>ideas</em>.</p>',
      summary: 'Ideas first.',
      sections: [{ subtitle: 'Step one', subcontent: '<p>Type.</p>' }],
      relatedLinks: [{ linkText: 'FAQ', linkUrl: '/faq', linkType: 'internal' }],
    })
    t.clock.advance(40 * 86_400_000)
    await createBlog({ title: 'Podblurbs explained', content: '<p>Listen first.</p>', slug: 'podblurbs' })
    await createBlog({ title: 'Draft', content: '<p>x</p>', isActive: false })
  })

  it('lists posts newest first, filters by inclusive days, and pages', async () => {
    const all = await api().get('/get/all/blog?isActive=true&sortBy=createdAt&sortOrder=desc&limit=20')
    expect(all.body.data.map((p: any) => p.slug)).toEqual(['podblurbs', 'find-books-by-idea'])
    expect(all.body.data[1]).toMatchObject({
      category: 'General',
      sections: [{ subtitle: 'Step one', subcontent: '<p>Type.</p>' }],
      summary: 'Ideas first.',
    })
    const firstOnly = await api().get(`/get/all/blog?dateFrom=${firstDay}&dateTo=${firstDay}`)
    expect(firstOnly.body.data.map((p: any) => p.slug)).toEqual(['find-books-by-idea'])
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10)
    expect((await api().get(`/get/all/blog?dateFrom=${tomorrow}`)).body.total).toBe(0)
    expect((await api().get('/get/all/blog?search=listen')).body.data.map((p: any) => p.slug)).toEqual([
      'podblurbs',
    ])
    expect((await api().get('/get/all/blog?sortBy=title&sortOrder=asc')).body.data[0].slug).toBe(
      'find-books-by-idea',
    )
  })

  it('refuses dates that are not days', async () => {
    const bad = await api().get('/get/all/blog?dateFrom=2025-02-30')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('dateFrom: 2025-02-30 is not a day of the calendar')
    expect((await api().get('/get/all/blog?dateTo=yesterday')).status).toBe(400)
  })

  it('takes a 24-hex value as an id and anything else as a slug', async () => {
    expect((await api().get(`/get/single/blog?id=${post._id}`)).body.data.slug).toBe('find-books-by-idea')
    expect((await api().get('/get/single/blog?id=find-books-by-idea')).body.data._id).toBe(post._id)
    expect((await api().get('/get/single/blog?slug=podblurbs')).body.data.title).toBe('Podblurbs explained')
    const missing = await api().get('/get/single/blog?id=no-such-post')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Blog not found')
    expect((await api().get('/get/single/blog')).status).toBe(400)
  })

  it('refuses a second post with the same slug with 409 and makes a fresh slug from a repeated title', async () => {
    const dup = await api().post('/create/blog', { title: 'X', content: '', slug: 'podblurbs' }, adminOpts())
    expect(dup.status).toBe(409)
    const again = await createBlog({ title: 'Find Books by Idea!', content: '<p>again</p>', isActive: false })
    expect(again.slug).toMatch(/^find-books-by-idea-[0-9a-f]{6}$/)
  })
})

describe('information pages and settings', () => {
  it('answers a page by id and by path, 404 otherwise', async () => {
    const created = await api().post(
      '/create/information',
      {
        path: 'about-us',
        information_name: 'About Us',
        information_Description: '<h2>Who</h2><p>We.</p>',
        placeArea: 'menu',
      },
      adminOpts(),
    )
    expect(created.status).toBe(200)
    const byPath = await api().get('/get/single/information/by/path?path=about-us')
    expect(byPath.body.data).toMatchObject({
      information_name: 'About Us',
      information_Description: '<h2>Who</h2><p>We.</p>',
      placeArea: 'menu',
    })
    const byId = await api().get(`/get/single/information?id=${created.body.data._id}`)
    expect(byId.body.data.path).toBe('about-us')
    expect((await api().get('/get/single/information/by/path?path=nothing-here')).status).toBe(404)
    expect((await api().get(`/get/single/information?id=${TERMS_INFORMATION_ID}`)).status).toBe(404)
    const menu = await api().get('/get/all/information?placeArea=menu')
    expect(menu.body.data.map((p: any) => p.path)).toContain('about-us')
    const dup = await api().post(
      '/create/information',
      { path: 'about-us', information_name: 'Again', information_Description: '', placeArea: 'footer' },
      adminOpts(),
    )
    expect(dup.status).toBe(409)
  })

  it('stores the social links, support address and featured video; the home page shows the video', async () => {
    const res = await api().put(
      '/update/settings',
      { Facebook: 'https://facebook.com/bookstrut', homePageMedia: 'https://www.youtube.com/watch?v=abc' },
      adminOpts(),
    )
    expect(res.status).toBe(200)
    const settings = (await api().get('/get/all/settings')).body.data[0]
    expect(settings).toMatchObject({
      Facebook: 'https://facebook.com/bookstrut',
      homePageMedia: 'https://www.youtube.com/watch?v=abc',
      authEmailCredentials: { email: 'support@bookstrut.local' },
    })
    expect((await api().get('/home/page?page=1&limit=5')).body.data.homePageMedia).toBe(
      'https://www.youtube.com/watch?v=abc',
    )
    const bad = await api().put('/update/settings', { YouTube: 'javascript:alert(1)' }, adminOpts())
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('YouTube: an http(s) address, a site path, or empty')
  })
})

describe('admin-only writes', () => {
  const writes: Array<[string, 'post' | 'put' | 'delete', string, unknown]> = [
    ['create FAQ', 'post', '/create/faq', { question: 'Q', answer: 'A' }],
    ['update FAQ', 'put', '/update/faq?id=aaaaaaaaaaaaaaaaaaaaaaaa', { question: 'Q' }],
    ['delete FAQ', 'delete', '/delete/faq?id=aaaaaaaaaaaaaaaaaaaaaaaa', undefined],
    ['create blog', 'post', '/create/blog', { title: 'T', content: '' }],
    ['update blog', 'put', '/update/blog?id=aaaaaaaaaaaaaaaaaaaaaaaa', { title: 'T' }],
    ['delete blog', 'delete', '/delete/blog?id=aaaaaaaaaaaaaaaaaaaaaaaa', undefined],
    [
      'create page',
      'post',
      '/create/information',
      { path: 'x', information_name: 'X', information_Description: '', placeArea: 'menu' },
    ],
    ['update page', 'put', '/update/information?id=aaaaaaaaaaaaaaaaaaaaaaaa', { path: 'y' }],
    ['delete page', 'delete', '/delete/information?id=aaaaaaaaaaaaaaaaaaaaaaaa', undefined],
    ['settings', 'put', '/update/settings', { Facebook: '' }],
  ]
  it.each(writes)(
    '%s: 401 without a session, 403 for a reader, and nothing changes',
    async (_n, method, url, body) => {
      const before = await contentState()
      const call = (token?: string) =>
        method === 'delete'
          ? api().delete(url, { token })
          : api()[method](url, body, token ? { token } : undefined)
      expect((await call()).status).toBe(401)
      const forged = await call(reader.token)
      expect(forged.status).toBe(403)
      expect(forged.body.code).toBe('FORBIDDEN')
      expect((await call('not-a-real-token')).status).toBe(401)
      expect(await contentState()).toBe(before)
    },
  )

  it('answers 404 for a write to an entry that does not exist', async () => {
    expect(
      (await api().put('/update/faq?id=aaaaaaaaaaaaaaaaaaaaaaaa', { order: 2 }, adminOpts())).status,
    ).toBe(404)
    expect((await api().delete('/delete/blog?id=aaaaaaaaaaaaaaaaaaaaaaaa', adminOpts())).status).toBe(404)
  })

  it('refuses hostile bodies: unknown fields, wrong types, oversize text, empty patches, bad links', async () => {
    const bad = [
      { question: 'Q', answer: 'A', role: 'admin' },
      { question: 42, answer: 'A' },
      { question: 'Q', answer: 'x'.repeat(20_001) },
      { question: '   ', answer: 'A' },
      {
        question: 'Q',
        answer: 'A',
        relatedLinks: [{ linkText: 'x', linkUrl: 'javascript:alert(1)', linkType: 'external' }],
      },
      {
        question: 'Q',
        answer: 'A',
        relatedLinks: [{ linkText: 'x', linkUrl: '//evil.example', linkType: 'internal' }],
      },
      {
        question: 'Q',
        answer: 'A',
        relatedLinks: Array.from({ length: 21 }, () => ({
          linkText: 'x',
          linkUrl: '/',
          linkType: 'internal',
        })),
      },
    ]
    for (const body of bad) {
      const res = await api().post('/create/faq', body, adminOpts())
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.body.success).toBe(false)
    }
    expect((await api().put('/update/faq?id=aaaaaaaaaaaaaaaaaaaaaaaa', {}, adminOpts())).status).toBe(400)
  })
})

describe('stored HTML never runs', () => {
  // Each payload, stored through the admin API, must come back without anything that executes.
  const attacks: Array<[string, string]> = [
    ['script tag', '<p>hi</p><script>alert(1)</script>'],
    ['img onerror', '<img src="x" onerror="alert(1)">'],
    ['javascript: link', '<a href="javascript:alert(1)">click</a>'],
    ['encoded javascript: link', '<a href="jav&#x09;ascript:alert(1)">click</a>'],
    ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['CSS expression', '<div style="width: expression(alert(1))">x</div>'],
    ['style tag', '<style>body{background:url("javascript:alert(1)")}</style><p>x</p>'],
    ['svg onload', '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['body onload', '<body onload="alert(1)">x</body>'],
    ['form action', '<form action="javascript:alert(1)"><button>go</button></form>'],
    ['mixed-case tag', '<ScRiPt>alert(1)</ScRiPt>'],
    ['broken nesting', '<p><a href="javascript:alert(1)"><img src=x onerror=alert(1)></a>'],
  ]
  const inert = (html: string) => {
    expect(html).not.toMatch(/<script|<style|<iframe|<svg|<form|<body/i)
    expect(html).not.toMatch(/\son\w+\s*=/i)
    expect(html).not.toMatch(/javascript:|data:text|expression\(/i)
    expect(html).not.toMatch(/style=/i)
  }

  it.each(attacks)('%s, in a FAQ answer, a blog post and an information page', async (_name, payload) => {
    const faq = await createFaq({ question: 'attack', answer: payload, isActive: false })
    inert(faq.answer)
    const stored = await t.app.db
      .selectFrom('faqs')
      .select('answer')
      .where('id', '=', faq._id)
      .executeTakeFirstOrThrow()
    inert(stored.answer)
    const post = await createBlog({
      title: 'attack',
      content: payload,
      sections: [{ subtitle: 's', subcontent: payload }],
      isActive: false,
    })
    inert(post.content)
    inert(post.sections[0].subcontent)
    const page = await api().post(
      '/create/information',
      {
        path: `attack-${post._id}`,
        information_name: 'x',
        information_Description: payload,
        placeArea: 'footer',
        isActive: false,
      },
      adminOpts(),
    )
    inert(page.body.data.information_Description)
  })

  it('keeps harmless formatting and makes new-tab links safe', async () => {
    const faq = await createFaq({
      question: 'format',
      answer:
        '<h2>T</h2><p><strong>b</strong> <a href="https://x.example" target="_blank">x</a></p><ul><li>i</li></ul>',
      isActive: false,
    })
    expect(faq.answer).toBe(
      '<h2>T</h2><p><strong>b</strong> <a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a></p><ul><li>i</li></ul>',
    )
  })
})

describe('static snapshots', () => {
  it('serves /data/faqs.json and /data/blogs.json and rewrites them when FAQs or posts change', async () => {
    const read = async (file: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/data/${file}` })
      expect(res.statusCode).toBe(200)
      return res.json()
    }
    const faq = await createFaq({ question: 'Snapshot question?', answer: '<p>yes</p>', order: 99 })
    expect((await read('faqs.json')).data.map((f: any) => f.question)).toContain('Snapshot question?')
    await api().put(`/update/faq?id=${faq._id}`, { isActive: false }, adminOpts())
    expect((await read('faqs.json')).data.map((f: any) => f.question)).not.toContain('Snapshot question?')
    const post = await createBlog({ title: 'Snapshot post', content: '<p>x</p>' })
    const blogs = await read('blogs.json')
    expect(blogs).toMatchObject({ success: true })
    expect(blogs.data.map((p: any) => p.slug)).toContain('snapshot-post')
    await api().delete(`/delete/blog?id=${post._id}`, adminOpts())
    expect((await read('blogs.json')).data.map((p: any) => p.slug)).not.toContain('snapshot-post')
  })
})

/** The outbox mail whose text names `id`, waiting for the mail worker to write it. */
async function mailNaming(id: string) {
  let found = ''
  await until(
    `the mail of ${id}`,
    async () => {
      const files = await readdir(t.config.mail.outboxDir).catch(() => [] as string[])
      // Only finished mails: a .tmp file is renamed (gone) while it would be read.
      for (const f of files.filter((name) => name.endsWith('.eml'))) {
        const text = await readFile(path.join(t.config.mail.outboxDir, f), 'utf8')
        if (text.includes(id)) found = text
      }
      return found !== ''
    },
    20_000,
  )
  return found
}

describe('contact', () => {
  const valid = {
    name: 'Ada',
    email: 'ada@example.com',
    subject: 'Infinite Strut',
    message: 'I list 400 titles; can we talk?',
  }
  it.each([
    [{ ...valid, name: undefined }, 'Name is required'],
    [{ ...valid, name: '   ' }, 'Name is required'],
    [{ ...valid, email: undefined }, 'Email is required'],
    [{ ...valid, email: 'ada@example' }, 'Email is not valid'],
    [{ ...valid, subject: undefined }, 'Subject is required'],
    [{ ...valid, message: undefined }, 'Message is required'],
    [{ ...valid, message: 'too short' }, 'Message must be at least 10 characters'],
    [{ ...valid, message: '   short    ' }, 'Message must be at least 10 characters'],
  ])('answers 400 with the spec message (%#)', async (body, message) => {
    const res = await api().post('/create/ContactUs', body)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
  })

  it('stores the message and mails it to the support address, replying to the sender', async () => {
    const res = await api().post('/create/ContactUs', valid, { token: reader.token })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, data: { name: 'Ada', email: 'ada@example.com' } })
    const row = await t.app.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', res.body.data._id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ subject: 'Infinite Strut', user_id: reader.id })
    const mail = await mailNaming(res.body.data._id)
    expect(mail).toContain('To: support@bookstrut.local')
    expect(mail).toContain('Reply-To: ada@example.com')
    expect(mail).toContain('Subject: [Contact] Infinite Strut')
  })

  it("escapes the sender's words in the mail and keeps header injection out of the subject", async () => {
    const res = await api().post('/create/ContactUs', {
      ...valid,
      subject: 'Hi\r\nBcc: victim@example.com',
      message: '<script>alert(1)</script> hello there',
    })
    expect(res.status).toBe(201)
    const mail = await mailNaming(res.body.data._id)
    expect(mail).not.toMatch(/^Bcc:/im)
    expect(mail).toContain('Subject: [Contact] Hi Bcc: victim@example.com')
    // The HTML part escapes the words (services/content/src/sanitize.test.ts, contactMail).
  })

  it('allows 5 messages an hour per address, then 429 with Retry-After and nothing stored', async () => {
    const same = client(t.app)
    for (let i = 0; i < 5; i++) expect((await same.post('/create/ContactUs', valid)).status).toBe(201)
    const count = async () => (await t.app.db.selectFrom('contact_messages').select('id').execute()).length
    const before = await count()
    const sixth = await same.post('/create/ContactUs', valid)
    expect(sixth.status).toBe(429)
    expect(sixth.headers['retry-after']).toBeDefined()
    expect(await count()).toBe(before)
    // A bad body is refused before it uses the allowance of another address.
    const other = client(t.app)
    for (let i = 0; i < 10; i++)
      expect((await other.post('/create/ContactUs', { ...valid, email: 'x' })).status).toBe(400)
    expect((await other.post('/create/ContactUs', valid)).status).toBe(201)
  })

  it('refuses unknown fields and oversize messages', async () => {
    expect((await api().post('/create/ContactUs', { ...valid, userId: 'x' })).status).toBe(400)
    expect((await api().post('/create/ContactUs', { ...valid, message: 'x'.repeat(5001) })).status).toBe(400)
  })

  it('counts the addresses of one IPv6 /64 as one sender', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await client(t.app, `2001:db8:45:c::${i}`).post('/create/ContactUs', valid)).status).toBe(201)
    const sibling = await client(t.app, '2001:db8:45:c:ffff::1').post('/create/ContactUs', valid)
    expect(sibling.status).toBe(429)
    expect((await client(t.app, '2001:db8:45:d::1').post('/create/ContactUs', valid)).status).toBe(201)
  })

  // Last of the contact tests: it uses up the site's hour.
  it('caps the whole site at 60 messages an hour: 40 addresses sending 5 each get no more through', async () => {
    const count = async () => (await t.app.db.selectFrom('contact_messages').select('id').execute()).length
    const before = await count()
    const left = 60 - (await t.app.limits.used('contactSiteWide', 'site'))
    const statuses: number[] = []
    const senders = Array.from({ length: 40 }, () => client(t.app))
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(senders.map((s) => s.post('/create/ContactUs', valid)))
      for (const a of answers) {
        statuses.push(a.status)
        if (a.status === 429) expect(Number(a.headers['retry-after'])).toBeGreaterThan(0)
      }
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(left)
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - left)
    expect(await count()).toBe(before + left)
  })
})
