import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import { testRedisUrl } from '@bookstrut/core/testing'
import { silentMp3 } from '../../services/api/src/test/media-fixtures.js'
import { launchBrowser, screenshot, startApp } from './harness.js'

/*
 * The engagement journey: a reader plays a short podblurb to its end, likes and favourites it; the events reach
 * the server. The title is imported (catalog:import, with its MP3) for an author on a paid plan.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)
const TITLE = 'The Lamplighter of Quiet Harbour'
/** Seconds of the podblurb: short, so the clip plays to its end quickly (a play is reported at the end). */
const CLIP_SECONDS = 6
/**
 * A browser's own User-Agent: the API drops the events of headless browsers as bots' (bot-agents.ts), and this
 * journey is a person's.
 */
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let files: string
let author: Session
let reader: Session
let podcastId: string

interface Session {
  email: string
  id: string
  token: string
  role: string
}

const api = (p: string, init: RequestInit & { token?: string } = {}) => {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  if (init.body) headers.set('content-type', 'application/json')
  return fetch(`${app.baseUrl}/api/v1${p}`, { ...init, headers }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { data: any; message: string },
  }))
}

/** A verified account through the API (the sign-up journey has its own test). */
async function signUp(role: 'reader' | 'author', first: string): Promise<Session> {
  const email = `${role}.${Date.now()}@example.com`
  const created = await api('/user/create', {
    method: 'POST',
    body: JSON.stringify({ first_name: first, last_name: 'Tester', role, email, password: 'secret123' }),
  })
  expect(created.status).toBe(201)
  const otp = Number(await app.outboxCode(email))
  const verified = await api('/verify/user/Verification', {
    method: 'POST',
    body: JSON.stringify({ email, otp }),
  })
  expect(verified.status).toBe(200)
  return { email, id: verified.body.data._id, token: verified.body.data.token, role }
}

/** A browser context of a person (a browser's User-Agent) signed in with `session`. */
async function signedInContext(session: Session): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: USER_AGENT })
  await context.addInitScript((s: Session) => {
    if (sessionStorage.getItem('seeded')) return
    localStorage.setItem('token', s.token)
    localStorage.setItem('userId', s.id)
    localStorage.setItem('role', s.role)
    localStorage.setItem('isLogin', 'true')
    localStorage.setItem('hasSeenWelcome', 'true')
    sessionStorage.setItem('seeded', '1')
  }, session)
  return context
}

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
  files = await mkdtemp(path.join(tmpdir(), 'bookstrut-e2e-engagement-'))
  author = await signUp('author', 'Nora')
  reader = await signUp('reader', 'Rae')
  // The author's book, imported with its podblurb; the import puts the owner on the unlimited plan (analytics on).
  await writeFile(path.join(files, 'clip.mp3'), silentMp3(CLIP_SECONDS))
  const line = {
    id: 'e2e-engagement-1',
    title: TITLE,
    author: 'Nora Tester',
    year: 2011,
    genres: ['Literary Fiction'],
    description:
      'A lamplighter keeps a harbour town lit through one long winter while its people quietly leave.',
    ideas: ['A lamplighter keeps a town lit.', 'People leave a harbour town.', 'One long winter.'],
    language: 'en',
    audio: 'clip.mp3',
  }
  await writeFile(path.join(files, 'books.jsonl'), `${JSON.stringify(line)}\n`)
  await run(
    'npm',
    ['run', 'catalog:import', '--', path.join(files, 'books.jsonl'), '--owner', author.email],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: app.databaseUrl,
        DATA_DIR: app.dataDir,
        EMBEDDED_REDIS: 'false',
        LOG_LEVEL: 'warn',
      },
    },
  )
  const titles = await api(`/user/podcasts?createBy=${author.id}&status=1`)
  podcastId = titles.body.data.find((p: { title: string }) => p.title === TITLE)?._id
  expect(podcastId).toMatch(/^[0-9a-f]{24}$/)
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  if (files) await rm(files, { recursive: true, force: true })
})

/** The events the server accepted about the title (its ingest queue in Redis, job id = event id). */
async function acceptedEvents(): Promise<
  { type: string; userId: string | null; listening?: { seconds: number } }[]
> {
  const connection = new Redis(testRedisUrl, { maxRetriesPerRequest: null })
  const queue = new Queue('ingest', { connection, prefix: app.redisPrefix })
  try {
    const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'prioritized'])
    return jobs.map((j) => j?.data).filter((e) => e?.podcastId === podcastId)
  } finally {
    await queue.close()
    connection.disconnect()
  }
}

it('a reader plays a podblurb to its end, likes and favourites it; the server counts each once', async () => {
  const readerContext = await signedInContext(reader)
  const page = await readerContext.newPage()
  await page.goto(`${app.baseUrl}/single-book/${podcastId}`)
  const detail = page.locator('article.book-detail')
  await detail.getByRole('heading', { level: 1, name: TITLE }).waitFor()

  // Play the short clip to its end: a play and its listening are reported when it ends.
  await detail.getByRole('button', { name: `Play podblurb of ${TITLE}` }).click()
  const player = page.getByRole('region', { name: 'Audio player' })
  await player.getByRole('button', { name: 'Pause', exact: true }).waitFor()
  const audio = page.locator('audio[data-player]')
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(1)
  await screenshot(page, 'engagement-playing')
  // The end: the player stops, back at the start.
  await player
    .getByRole('button', { name: 'Play', exact: true })
    .waitFor({ timeout: (CLIP_SECONDS + 10) * 1000 })
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBe(0)

  const like = detail.getByRole('button', { name: `Like ${TITLE}` })
  await like.dblclick()
  await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true')
  await expect.poll(() => like.textContent()).toBe('1')
  const favourite = detail.getByRole('button', { name: `Favourite ${TITLE}` })
  await favourite.click()
  await expect.poll(() => favourite.getAttribute('aria-pressed')).toBe('true')
  await screenshot(page, 'engagement-liked')

  // The Favorite page lists it.
  await page.goto(`${app.baseUrl}/profile-fevorite`)
  await page.getByRole('list', { name: 'Favourite titles' }).getByRole('listitem', { name: TITLE }).waitFor()
  await screenshot(page, 'engagement-favorites')

  // The server took in one play, the seconds heard, one like (the double click was one) and one favourite.
  await expect
    .poll(
      async () => {
        const events = await acceptedEvents()
        return {
          play: events.filter((e) => e.type === 'play').length,
          like: events.filter((e) => e.type === 'like').length,
          favorite: events.filter((e) => e.type === 'favorite').length,
          listened: events
            .filter((e) => e.type === 'listening')
            .reduce((s, e) => s + (e.listening?.seconds ?? 0), 0),
          everyoneIsTheReader: events.every((e) => e.userId === reader.id),
        }
      },
      { timeout: 10_000 },
    )
    .toEqual({ play: 1, like: 1, favorite: 1, listened: expect.any(Number), everyoneIsTheReader: true })
  const listened = (await acceptedEvents())
    .filter((e) => e.type === 'listening')
    .reduce((s, e) => s + (e.listening?.seconds ?? 0), 0)
  expect(listened).toBeGreaterThanOrEqual(CLIP_SECONDS - 2)
  expect(listened).toBeLessThanOrEqual(CLIP_SECONDS)
  const view = await api(`/get/Single/Podcast?PodcastId=${podcastId}&userid=${reader.id}`, {
    token: reader.token,
  })
  expect(view.body.data.likeFlag).toBe(true)
  expect(view.body.data.favoritesFlag).toBe(true)
  expect(view.body.data.episodes[0].likes).toBe(1)

  await readerContext.close()
})
