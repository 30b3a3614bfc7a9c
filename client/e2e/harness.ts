import { execFile } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { expect } from 'vitest'
import { image } from '@bookstrut/api/testing'
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.mjs'
import { startApp, type RunningApp } from '../src/test/api-server.js'

export const artifactsDir = path.join(import.meta.dirname, 'artifacts')
const repoRoot = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

/** The built app as its own process; shared with the client's component tests (their vitest globalSetup). */
export { startApp } from '../src/test/api-server.js'

/** Debian's chromium, headless, with the flags that keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  await mkdir(artifactsDir, { recursive: true })
  return chromium.launch(chromiumLaunchOptions())
}

export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: false })

/**
 * A new free-plan author or publisher is welcomed once (the Welcome modal, spec reader-and-account section 4):
 * waits for it after sign-up and dismisses it, as a person would before going on.
 */
export async function dismissWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: 'Welcome to BookStrut!' })
  await welcome.getByRole('button', { name: 'Maybe Later' }).click()
  await welcome.waitFor({ state: 'detached' })
}

/**
 * Signs up a new author in the browser as a person would: the Sign Up dialog, the code from the app's outbox, then
 * the Welcome modal dismissed. Leaves the page signed in.
 */
export async function signUpAuthor(
  page: Page,
  app: Pick<RunningApp, 'baseUrl' | 'outboxCode'>,
  account: { email: string; firstName: string; lastName: string },
) {
  await page.goto(app.baseUrl)
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('First Name').fill(account.firstName)
  await dialog.getByLabel('Last Name').fill(account.lastName)
  await dialog.getByLabel('Email').fill(account.email)
  await dialog.getByLabel('Password', { exact: true }).fill('secret123')
  await dialog.getByLabel('Confirm Password').fill('secret123')
  await dialog.getByLabel('Member Type').selectOption('author')
  await dialog.getByRole('button', { name: 'Sign Up as Author/Publisher' }).click()
  const firstBox = page.getByLabel('OTP digit 1')
  await firstBox.waitFor()
  await firstBox.click()
  await page.keyboard.type(await app.outboxCode(account.email))
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.getByRole('button', { name: 'Account menu' }).waitFor()
  await dismissWelcome(page)
}

/** What the client keeps of a signed-in session (the keys it reads from localStorage). */
export interface StoredSession {
  id: string
  token: string
  role: string
}

/**
 * Signs every page of `context` in as `session` through the client's stored keys, the Welcome modal already seen
 * (the sign-in journey has tests of its own). Seeded once per tab, so signing out in the page sticks.
 */
export function signInWith(context: BrowserContext, session: StoredSession) {
  return context.addInitScript((s: StoredSession) => {
    if (sessionStorage.getItem('seeded')) return
    localStorage.setItem('token', s.token)
    localStorage.setItem('userId', s.id)
    localStorage.setItem('role', s.role)
    localStorage.setItem('isLogin', 'true')
    localStorage.setItem('hasSeenWelcome', 'true')
    sessionStorage.setItem('seeded', '1')
  }, session)
}

/**
 * Calls the app's API under /api/v1 and answers the status and parsed body; `token` signs the call in, and a
 * string body is sent as JSON.
 */
export function apiOf(app: Pick<RunningApp, 'baseUrl'>) {
  return (p: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers)
    if (init.token) headers.set('authorization', `Bearer ${init.token}`)
    if (typeof init.body === 'string' && !headers.has('content-type'))
      headers.set('content-type', 'application/json')
    return fetch(`${app.baseUrl}/api/v1${p}`, { ...init, headers }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }))
  }
}

/**
 * A verified account through the API (the sign-up journey has its own test): created, then verified with the code
 * from the outbox. Answers its e-mail, password, id and session token.
 */
export async function signUpByApi(
  app: Pick<RunningApp, 'baseUrl' | 'outboxCode'>,
  account: {
    role: 'reader' | 'author'
    firstName: string
    lastName: string
    email: string
    password?: string
  },
) {
  const api = apiOf(app)
  const { email, password = 'secret123' } = account
  const created = await api('/user/create', {
    method: 'POST',
    body: JSON.stringify({
      first_name: account.firstName,
      last_name: account.lastName,
      role: account.role,
      email,
      password,
    }),
  })
  expect(created.status).toBe(201)
  const otp = Number(await app.outboxCode(email))
  const verified = await api('/verify/user/Verification', {
    method: 'POST',
    body: JSON.stringify({ email, otp }),
  })
  expect(verified.status).toBe(200)
  return { email, password, id: verified.body.data._id as string, token: verified.body.data.token as string }
}

/** Signs in through the Sign In dialog (opened from the header unless a prompt already opened it). */
export async function signInThroughDialog(
  page: Page,
  account: { email: string; password: string },
  dialogOpen = false,
) {
  if (!dialogOpen) await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email').fill(account.email)
  await dialog.getByLabel('Password', { exact: true }).fill(account.password)
  await dialog.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('button', { name: 'Account menu' }).waitFor()
}

/** A listing through the API as the upload form sends it: its text fields and a PNG cover. */
export async function postListing(
  app: Pick<RunningApp, 'baseUrl'>,
  token: string,
  fields: Record<string, string>,
) {
  const fd = new FormData()
  for (const [k, v] of Object.entries(fields)) fd.append(k, v)
  fd.append('bookCoverImage', new Blob([new Uint8Array(await image('png'))]), 'cover.png')
  return fetch(`${app.baseUrl}/api/v1/create/podcast`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: fd,
  })
}

/**
 * The built app with a catalogue imported before it starts (`npm run catalog:import`), so its first embedding
 * sweep picks the books up.
 */
export function startAppWithCatalogue(catalogue: string) {
  return startApp({
    prepare: async (app) => {
      await npmScript(['catalog:import', '--', catalogue], app)
    },
  })
}

/**
 * One of the root package.json's scripts (`npm run admin:create -- …`, `catalog:import`), run as an operator runs it
 * against an app: its database and DATA_DIR, the shared Redis.
 */
export const npmScript = (args: string[], app: { databaseUrl: string; dataDir: string }) =>
  run('npm', ['run', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: app.databaseUrl,
      DATA_DIR: app.dataDir,
      EMBEDDED_REDIS: 'false',
      LOG_LEVEL: 'warn',
    },
  })

/**
 * One figure of an analytics panel's counts, by its label ("Audio plays", "Listening time"): the definition that
 * follows the term (found by roles and text, so the panel's classes can change).
 */
export const analyticsFigure = (scope: Locator | Page, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
