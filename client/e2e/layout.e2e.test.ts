import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { setPassword, silentMp3 } from '@bookstrut/api/testing'
import { createDb } from '@bookstrut/core'
import { paths } from '../src/config/paths.js'
import {
  apiOf,
  artifactsDir,
  launchBrowser,
  postListing,
  signInWith,
  signUpByApi,
  startApp,
  npmScript,
} from './harness.js'
import {
  IDEA_SEARCH_CATALOGUE as catalogue,
  IDEA_SEARCH_IDEAS,
  waitForIdeaCatalogueEmbedded,
} from './fixtures/idea-search.js'
import { goodreadsExport } from '@bookstrut/library/testing'
import { findDesignProblems, findLayoutProblems, settleLayout, type LayoutProblem } from './layout/rules.js'
import { NOT_VISITED, ROLES, routerPaths, SITE_PAGES, type Role, type SeededIds } from './layout/site-map.js'

/*
 * The layout check (issue 30): every page of the router and every dialog, at a phone's, a tablet's and two
 * desktops' widths, signed out and as each role. On each: no two visible interactive elements overlap, each lies
 * inside the box it is laid out in and inside the viewport, a click at its centre reaches it, the page does not
 * scroll sideways, and pinned chrome leaves a phone most of its screen. Screenshots of every page at 390 and
 * 1366 px go to e2e/artifacts/layout-*.png. One browser, one page per role, reused: each page is loaded once and
 * resized through the four widths.
 */

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const
const SCREENSHOT_WIDTHS: ReadonlySet<number> = new Set([390, 1366])
/** Pinned chrome (header, sticky counters) may cover at most this share of the viewport's height. */
const MAX_CHROME_SHARE = 0.2
const PASSWORD = 'secret123'
const IDEAS = IDEA_SEARCH_IDEAS
/** Books of the fixture that get a podblurb, so rows show a working play button and a length. */
const WITH_PODBLURB = 6

interface Session {
  email: string
  id: string
  token: string
  role: string
}

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let files: string
let ids: SeededIds
const sessions = new Map<Role, Session>()
const publisherEmail = `publisher.${Date.now()}@example.com`

const api = (p: string, init: RequestInit & { token?: string } = {}) => apiOf(app)(p, init)

const login = async (email: string, password = PASSWORD): Promise<Session> => {
  const res = await api('/login-user', { method: 'POST', body: JSON.stringify({ email, password }) })
  expect(res.status, `sign-in of ${email}: ${res.body.message}`).toBe(200)
  return { email, id: res.body.data._id, token: res.body.data.token, role: res.body.data.role }
}

/** A verified account through the API (the sign-up journey has its own test). */
async function signUp(role: 'reader' | 'author'): Promise<Session> {
  const email = `${role}.${Date.now()}@example.com`
  const account = { role, firstName: 'Layout', lastName: 'Tester', email, password: PASSWORD }
  const { id, token } = await signUpByApi(app, account)
  return { email, id, token, role }
}

/**
 * The idea-search fixture, its first books with a podblurb, imported for a publisher account (created by the
 * import on the unlimited plan) whose password is then set, so the publisher can sign in.
 */
async function importCatalogue(databaseUrl: string, dataDir: string) {
  files = await mkdtemp(path.join(tmpdir(), 'bookstrut-e2e-layout-'))
  await writeFile(path.join(files, 'clip.mp3'), silentMp3(20))
  const lines = (await readFile(catalogue, 'utf8')).split('\n').filter(Boolean)
  const withAudio = lines.map((line, i) =>
    JSON.stringify({ ...JSON.parse(line), ...(i < WITH_PODBLURB ? { audio: 'clip.mp3' } : {}) }),
  )
  await writeFile(path.join(files, 'books.jsonl'), withAudio.map((l) => `${l}\n`).join(''))
  const target = { databaseUrl, dataDir }
  await npmScript(
    ['catalog:import', '--', path.join(files, 'books.jsonl'), '--owner', publisherEmail],
    target,
  )
  // The import gives the account a password nobody knows; admin:create sets one only for new accounts.
  const db = createDb(databaseUrl, 1)
  try {
    await setPassword(db, publisherEmail, PASSWORD)
  } finally {
    await db.destroy()
  }
}

const searchQuery = new URLSearchParams({
  firstField: IDEAS[0],
  secondField: IDEAS[1],
  thirdField: IDEAS[2],
}).toString()

/**
 * The embed worker computes vectors in the background: wait until every imported book has its vectors, then until
 * the idea search's answer stops changing (the index picks new vectors up on its own schedule). Idea mode always
 * lists ten books at least (issue 46), so a count of ten says nothing about how many are embedded.
 */
async function waitForIdeaSearch() {
  await waitForIdeaCatalogueEmbedded(app)
  const deadline = Date.now() + 60_000
  const tooLate = (what: string) => {
    if (Date.now() > deadline) throw new Error(`idea search never settled (${what})`)
  }
  const answers: string[] = []
  for (;;) {
    const res = await api(`/search/podcast?${searchQuery}&limit=10`)
    answers.push(res.status === 200 ? JSON.stringify(res.body.data.map((b: { _id: string }) => b._id)) : '')
    const last = answers.slice(-3)
    if (last.length === 3 && last[0] !== '' && last.every((a) => a === last[0])) return
    tooLate(`last answer ${answers.at(-1)}`)
    await new Promise((r) => setTimeout(r, 1500))
  }
}

/** One listing of the author's own, pending review (My Listings and the moderation queue show it). */
async function listBook(token: string) {
  const fields: Record<string, string> = {
    title: 'The Cartographer of Small Hours',
    author: 'Layout Tester',
    categoryName: 'Literary Fiction',
    primary_key: 'A mapmaker draws the streets of a city that changes at night',
    secondary_key: 'Two sisters search for their missing father in old archives',
    additional_key: 'A lighthouse keeper writes letters to a stranger overseas',
    description:
      'A mapmaker, her sister and a city that rearranges itself every night while its people sleep.',
    publisher: 'Small Hours Press',
    get_this_url: 'books.example/cartographer',
    year_published: '2021',
    language: 'en-US',
  }
  const res = await postListing(app, token, fields)
  expect(res.status, await res.text()).toBe(201)
}

beforeAll(async () => {
  app = await startApp({
    label: 'e2e_layout',
    prepare: ({ databaseUrl, dataDir }) => importCatalogue(databaseUrl, dataDir),
  })
  browser = await launchBrowser()
  const [reader, author] = [await signUp('reader'), await signUp('author')]
  const adminEmail = `admin.${Date.now()}@example.com`
  await npmScript(['admin:create', '--', adminEmail, '--password', PASSWORD], app)
  sessions.set('reader', reader)
  sessions.set('author', author)
  sessions.set('publisher', await login(publisherEmail))
  sessions.set('admin', await login(adminEmail))
  await listBook(author.token)

  const publisher = sessions.get('publisher')!
  const titles = await api(`/user/podcasts?createBy=${publisher.id}&status=1`)
  const books = titles.body.data as { _id: string; author: string; episodes?: { _id: string }[] }[]
  expect(books.length).toBeGreaterThan(10)
  const [first, second, third] = books.filter((b) => (b.episodes?.length ?? 0) > 0)
  ids = { bookId: first!._id, authorId: publisher.id, authorName: first!.author, searchQuery }
  // The reader's own lists: a favourite, a ghosted title, a like.
  const reaction = (kind: string, book: typeof first) =>
    api(`/add/${kind}`, {
      method: 'POST',
      token: reader.token,
      body: JSON.stringify({ userid: reader.id, podcastid: book!._id }),
    })
  expect((await reaction('favorite', first)).status).toBe(200)
  expect((await reaction('like', second)).status).toBe(200)
  const ghost = await api('/create/ghostmode', {
    method: 'POST',
    token: reader.token,
    body: JSON.stringify({ userId: reader.id, podcastId: third!._id, episodeId: third!.episodes![0]!._id }),
  })
  expect(ghost.status).toBeLessThan(300)
  await api('/update/search/history', {
    method: 'POST',
    token: reader.token,
    body: JSON.stringify({ fistKeyWord: IDEAS[0], secondKeyWord: IDEAS[1], thirdKeyWord: IDEAS[2] }),
  })
  await seedLibrary(reader, first!._id, second!._id)
  await waitForIdeaSearch()
}, 300_000)

/** The reader's library (issue 49): a book on Read with its dates, one on Want to read, a finished import. */
async function seedLibrary(reader: Session, readId: string, wantId: string) {
  const shelve = (bookId: string, body: Record<string, string>) =>
    api('/library/shelf', {
      method: 'PUT',
      token: reader.token,
      body: JSON.stringify({ userId: reader.id, bookId, ...body }),
    })
  expect(
    (await shelve(readId, { shelf: 'read', startedOn: '2026-10-01', finishedOn: '2026-10-20' })).status,
  ).toBe(200)
  expect((await shelve(wantId, { shelf: 'want_to_read' })).status).toBe(200)
  const form = new FormData()
  const csv = goodreadsExport([
    {
      title: 'A Title Nobody Listed (Some Series, #2)',
      author: 'Nobody Atall',
      shelf: 'read',
      dateRead: '2024/01/02',
    },
  ])
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'goodreads_library_export.csv')
  const started = await fetch(`${app.baseUrl}/api/v1/library/imports?userId=${reader.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${reader.token}` },
    body: form,
  })
  expect(started.status).toBe(200)
}

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  if (files) await rm(files, { recursive: true, force: true })
})

/** A page of its own for `role`: signed in through stored session keys (the sign-in journey has its own test). */
async function pageAs(role: Role): Promise<Page> {
  const context = await browser.newContext({ viewport: WIDTHS[2] })
  const session = sessions.get(role)
  if (session) await signInWith(context, session)
  return context.newPage()
}

/** The page has loaded its data: no spinner or skeleton left, the network quiet. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await page
    .waitForFunction(() => !document.querySelector('[data-loading]'), null, {
      timeout: 10_000,
    })
    .catch(() => undefined)
  await page.evaluate(settleLayout)
}

const describeProblem = (where: string, p: LayoutProblem) =>
  `${where}: ${p.rule} ${p.element}${p.other ? ` × ${p.other}` : ''} (${p.detail})`

/**
 * Checks what is on screen now at each width (`widths`, all four by default), taking the screenshots of a page;
 * returns the problems found, each prefixed with where.
 */
async function checkAtWidths(
  page: Page,
  where: string,
  {
    shots,
    widths = WIDTHS,
    scope,
  }: { shots?: string; widths?: readonly (typeof WIDTHS)[number][]; scope?: string | undefined } = {},
): Promise<string[]> {
  const found: string[] = []
  for (const size of widths) {
    await page.setViewportSize(size)
    await page.evaluate(settleLayout)
    if (shots && SCREENSHOT_WIDTHS.has(size.width))
      await page.screenshot({
        path: path.join(artifactsDir, `layout-${shots}-${size.width}.png`),
        // A page whole; a dialog as it is seen, over the page.
        fullPage: !dialogOpen(where),
      })
    const { problems, checked } = await page.evaluate(findLayoutProblems, {
      maxChromeShare: dialogOpen(where) ? 0 : MAX_CHROME_SHARE,
      ...(scope ? { scope } : {}),
    })
    if (checked === 0) found.push(`${where} @${size.width}: no interactive element seen (page not loaded?)`)
    found.push(...problems.map((p) => describeProblem(`${where} @${size.width}`, p)))
    found.push(...(await page.evaluate(findDesignProblems)).map((d) => `${where} @${size.width}: ${d}`))
  }
  return found
}
/**
 * While working on one page: LAYOUT_ONLY=search-results,dialog-report checks only those (names as in the
 * screenshots' file names). Unset, everything is checked.
 */
const only = process.env.LAYOUT_ONLY?.split(',').filter(Boolean)
const wanted = (name: string) => !only || only.includes(name)
const dialogOpen = (where: string) => where.includes(' dialog ')

/** Parts of a page that show after a person's first click: the home page's Top 20 cards. */
const REVEAL: Record<string, (page: Page) => Promise<void>> = {
  home: async (page) => {
    const topBooks = page.getByRole('region', { name: 'TOP 20 BOOK STRUTS' })
    const collapsed = topBooks.locator('button[aria-expanded="false"]')
    if (await collapsed.count()) await collapsed.click()
    await topBooks.getByRole('article').first().waitFor()
    await settled(page)
  },
}

/** Waits for the (first) dialog an opener opened. */
const dialogShown = (page: Page) => page.getByRole('dialog').first().waitFor()

/**
 * The dialogs (and other layers over a page) each role can open, and how: each opener waits until its layer is
 * on screen.
 */
interface Layer {
  name: string
  open: (page: Page) => Promise<void>
  /** Only on a phone (the phone's menu). */
  phoneOnly?: boolean
  /** A non-modal layer: the selector of its own part, the only part checked (see LayoutRuleOptions.scope). */
  scope?: string
}
/** The phone's menu, opened on the home page. */
const MOBILE_MENU: Layer = {
  name: 'mobile-menu',
  phoneOnly: true,
  open: async (page) => {
    await page.goto(app.baseUrl)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await dialogShown(page)
  },
}
/** A dialog opened from the header's `button` on the home page (`then`, when given, goes on from there). */
const fromHeader = (name: string, button: string, then?: (page: Page) => Promise<void>): Layer => ({
  name,
  open: async (page) => {
    await page.goto(app.baseUrl)
    await page.getByRole('banner').getByRole('button', { name: button }).click()
    await then?.(page)
    await dialogShown(page)
  },
})
/** A dialog opened by a button (named like `button`) of the first row of the idea search's results. */
const fromFirstResult = (name: string, button: RegExp): Layer => ({
  name,
  open: async (page) => {
    await page.goto(`${app.baseUrl}/search-book?${searchQuery}`)
    await page.getByRole('button', { name: button }).first().click()
    await dialogShown(page)
  },
})
const DIALOGS: Record<Role, Layer[]> = {
  visitor: [
    fromHeader('sign-in', 'Sign In'),
    fromHeader('forgot-password', 'Sign In', (page) =>
      page
        .getByRole('dialog')
        .getByRole('button', { name: /Forgot Password/i })
        .click(),
    ),
    fromHeader('sign-up', 'Sign Up'),
    {
      // A long address, as people have: the OTP dialog shows it whole.
      name: 'otp',
      open: async (page) => {
        const email = `a.rather.long.address.of.a.new.reader.${Date.now()}@example-publishing-house.com`
        await api('/user/create', {
          method: 'POST',
          body: JSON.stringify({
            first_name: 'O',
            last_name: 'Tp',
            role: 'reader',
            email,
            password: PASSWORD,
          }),
        })
        await page.goto(app.baseUrl)
        await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click()
        const dialog = page.getByRole('dialog')
        await dialog.getByLabel('Email').fill(email)
        await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await dialog.getByRole('button', { name: 'Sign In' }).click()
        await page.getByLabel('OTP digit 1').waitFor()
      },
    },
    MOBILE_MENU,
    {
      // The audio player bar over the page, paused (its controls, the ±10 s buttons), on a title's page.
      name: 'player',
      open: async (page) => {
        await page.goto(`${app.baseUrl}${paths.singleBook(ids.bookId)}`)
        await page
          .getByRole('button', { name: /^Play podblurb of / })
          .first()
          .click()
        const player = page.getByRole('region', { name: 'Audio player' })
        await player.getByRole('button', { name: 'Pause', exact: true }).click()
        await player.getByRole('button', { name: 'Play', exact: true }).waitFor()
      },
    },
  ],
  reader: [fromFirstResult('report', /^Report /), fromFirstResult('ghost-confirm', /^Ghost /), MOBILE_MENU],
  author: [
    {
      name: 'payment',
      open: async (page) => {
        await page.goto(`${app.baseUrl}/membership`)
        await page
          .locator('label', { has: page.getByRole('radio', { name: 'Pro Strut', exact: true }) })
          .click()
        await page.getByRole('button', { name: 'Upgrade Now' }).click()
        await dialogShown(page)
      },
    },
    {
      name: 'welcome',
      open: async (page) => {
        await page.goto(app.baseUrl)
        await page.evaluate(() => localStorage.removeItem('hasSeenWelcome'))
        await page.reload()
        await page.getByRole('dialog', { name: 'Welcome to BookStrut!' }).waitFor()
      },
    },
  ],
  publisher: [],
  admin: [
    {
      name: 'reject-listing',
      open: async (page) => {
        await page.goto(`${app.baseUrl}${paths.adminModeration}`)
        await page
          .getByRole('button', { name: /^Reject / })
          .first()
          .click()
        await dialogShown(page)
      },
    },
  ],
}
// Every signed-in role: the account menu (a popover over the header), with the name and address.
for (const role of ROLES.filter((r) => r !== 'visitor'))
  DIALOGS[role].unshift({
    name: 'account-menu',
    scope: '[data-testid="account-menu"]',
    open: async (page) => {
      await page.goto(app.baseUrl)
      await page.getByRole('button', { name: 'Account menu' }).click()
      await page.getByRole('link', { name: 'My Dashboard' }).waitFor()
    },
  })
DIALOGS.reader.push({
  name: 'clear-searches',
  open: async (page) => {
    await page.goto(`${app.baseUrl}${paths.profileSearch}`)
    await page.getByRole('button', { name: 'Clear All' }).click()
    await dialogShown(page)
  },
})

it('every route of the router is visited by the layout check, or says why not', () => {
  const visited = new Set(SITE_PAGES.map((p) => p.route))
  const unchecked = routerPaths().filter((r) => !visited.has(r) && !(r in NOT_VISITED))
  expect(unchecked).toEqual([])
})

describe.each(ROLES)('layout as %s', (role) => {
  it('pages and dialogs: nothing overlaps, sticks out or swallows a click, at 390, 768, 1366 and 1920 px', async () => {
    const page = await pageAs(role)
    const found: string[] = []
    for (const sitePage of SITE_PAGES.filter((p) => p.roles.includes(role) && wanted(p.name))) {
      await page.setViewportSize(WIDTHS[2])
      await page.goto(`${app.baseUrl}${sitePage.url(ids)}`)
      await settled(page)
      await REVEAL[sitePage.name]?.(page)
      found.push(
        ...(await checkAtWidths(page, `${role} ${sitePage.name}`, {
          shots: `${role}-${sitePage.name}`,
        })),
      )
    }
    for (const dialog of DIALOGS[role].filter((d) => wanted(`dialog-${d.name}`))) {
      const widths = dialog.phoneOnly ? [WIDTHS[0]] : WIDTHS
      // Opened as on a desktop (the header's buttons), then resized; the phone's menu on a phone.
      await page.setViewportSize(dialog.phoneOnly ? WIDTHS[0] : WIDTHS[2])
      await dialog.open(page)
      await settled(page)
      found.push(
        ...(await checkAtWidths(page, `${role} dialog ${dialog.name}`, {
          widths,
          scope: dialog.scope,
          shots: `${role}-dialog-${dialog.name}`,
        })),
      )
    }
    await page.context().close()
    expect(found, found.join('\n')).toEqual([])
  }, 600_000)
})
