import { afterAll, beforeAll, expect, it } from 'vitest'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { setSiteSettings } from '@bookstrut/api/testing'
import { seedDemoContent } from '@bookstrut/content'
import { createDb, migrateToLatest } from '@bookstrut/core'
import { launchBrowser, screenshot, startApp } from './harness.js'

/*
 * A visitor reads the seeded content: the home page's featured video and FAQ, a FAQ, a blog post and the privacy
 * page, then sends the contact form, whose mail lands in the app's outbox. Every content page is also looked at
 * (screenshots in e2e/artifacts) at 1366 and 390 px.
 */

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser

beforeAll(async () => {
  app = await startApp({
    label: 'e2e_content',
    // The demo's own seed, as `npm run demo` runs it, and a featured video on the home page.
    prepare: async ({ databaseUrl }) => {
      const db = createDb(databaseUrl, 1)
      try {
        await migrateToLatest(db)
        await seedDemoContent(db)
        await setSiteSettings(db, { homePageMedia: '/media/featured-video.mp4' })
      } finally {
        await db.destroy()
      }
    },
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** The outbox mail to the support address whose text holds `needle`. */
async function supportMail(needle: string) {
  const dir = path.join(app.dataDir, 'outbox')
  for (let i = 0; i < 100; i++) {
    for (const file of await readdir(dir).catch(() => [] as string[])) {
      const text = await readFile(path.join(dir, file), 'utf8')
      if (text.includes(needle)) return text
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail holding ${needle}`)
}

async function visit(page: Page, pathname: string) {
  await page.goto(`${app.baseUrl}${pathname}`)
  await page.getByRole('main').waitFor()
}

it('a visitor sees the featured video and reads a FAQ, a blog post and the privacy page', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } })
  await visit(page, '/')
  await expect.poll(() => page.locator('video[src="/media/featured-video.mp4"]').count()).toBe(1)
  const homeQuestion = page.getByRole('button', { name: 'What is BookStrut?' })
  await homeQuestion.scrollIntoViewIfNeeded()
  await homeQuestion.click()
  await page.getByText('readers describe the ideas they want to read about').first().waitFor()
  expect(await page.getByText('Using offline FAQ data').count()).toBe(0)

  await visit(page, '/faq')
  await page.getByRole('button', { name: 'Is it free to list a book?' }).click()
  await page.getByRole('link', { name: 'View full details' }).click()
  await page.getByRole('heading', { level: 1, name: 'Is it free to list a book?' }).waitFor()
  expect(await page.getByRole('link', { name: 'Back to All FAQs' }).count()).toBe(1)
  expect(await page.title()).toContain('Is it free to list a book?')

  await visit(page, '/blog')
  await page.getByRole('link', { name: /Find Books by Describing Ideas/ }).click()
  await page.getByRole('heading', { level: 1, name: 'Find Books by Describing Ideas' }).waitFor()
  await page.getByRole('heading', { name: 'Summary' }).waitFor()
  await page.getByRole('heading', { name: 'Related Resources' }).waitFor()
  expect(await page.locator('script[type="application/ld+json"]').last().textContent()).toContain(
    'BlogPosting',
  )

  await visit(page, '/Policy')
  await page.getByText('Effective date: April 25, 2025').waitFor()
  await page.close()
})

it('a visitor sends the contact form and the message reaches the support outbox', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } })
  await visit(page, '/contact')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await page.getByText('Name is required').waitFor()
  const subject = `Infinite Strut for ${Date.now()}`
  await page.getByLabel('Name').fill('Ada Lovelace')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Message').fill('We publish 400 titles a year; can we talk about a plan?')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await page.getByText('Your data has been submitted successfully!').waitFor()
  const mail = await supportMail(subject)
  expect(mail).toContain('Reply-To: ada@example.com')
  expect(mail).toContain('We publish 400 titles a year')
  await page.close()
})

it('serves the FAQ and blog snapshots as static files', async () => {
  const faqs = (await (await fetch(`${app.baseUrl}/data/faqs.json`)).json()) as {
    data: { question: string }[]
  }
  expect(faqs.data).toHaveLength(15)
  const blogs = (await (await fetch(`${app.baseUrl}/data/blogs.json`)).json()) as { data: { slug: string }[] }
  expect(blogs.data.map((b) => b.slug)).toContain('find-books-by-describing-ideas')
})

it('shows each content page at 1366 and 390 px without horizontal scrolling', async () => {
  const pages = [
    ['home', '/'],
    ['faq', '/faq'],
    ['blog', '/blog'],
    ['blog-post', '/blog/find-books-by-describing-ideas'],
    ['policy', '/Policy'],
    ['terms', '/terms-conditions'],
    ['contact', '/contact'],
    ['page-detail', '/pagedetail/about-us'],
    ['article', '/ai-book-recommendation'],
    ['top-list', '/topbookstruts'],
  ] as const
  for (const width of [1366, 390]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    for (const [name, pathname] of pages) {
      await visit(page, pathname)
      await page.getByRole('heading').first().waitFor()
      await screenshot(page, `content-${name}-${width}`)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${pathname} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0)
    }
    await page.close()
  }
})
