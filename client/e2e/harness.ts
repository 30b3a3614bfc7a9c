import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'

export const artifactsDir = path.join(import.meta.dirname, 'artifacts')

/** The built app as its own process; shared with the client's component tests (their vitest globalSetup). */
export { startApp } from '../src/test/api-server.js'

/** Debian's chromium, headless, with the flags that keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  await mkdir(artifactsDir, { recursive: true })
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
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
  app: { baseUrl: string; outboxCode(email: string): Promise<string> },
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
 * One figure of an analytics panel's counts, by its label ("Audio plays", "Listening time"): the definition that
 * follows the term (found by roles and text, so the panel's classes can change).
 */
export const analyticsFigure = (scope: Locator | Page, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
