import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'

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
