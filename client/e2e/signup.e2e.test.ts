import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { outboxCode } from '../src/test/outbox.js'
import { launchBrowser, screenshot, startApp } from './harness.js'

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

it('a new reader signs up, verifies with the code from the outbox, sees the avatar menu, signs out and resets the forgotten password', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  const email = `e2e.${Date.now()}@example.com`
  await page.goto(app.baseUrl)

  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click()
  const signUp = page.getByRole('dialog')
  await signUp.getByLabel('First Name').fill('Edith')
  await signUp.getByLabel('Last Name').fill('Wharton')
  await signUp.getByLabel('Email').fill(email)
  await signUp.getByLabel('Password', { exact: true }).fill('secret123')
  await signUp.getByLabel('Confirm Password').fill('secret123')
  await signUp.getByLabel('Member Type').selectOption('reader')
  await screenshot(page, 'signup-form')
  await signUp.getByRole('button', { name: 'Sign Up as Reader' }).click()

  const firstBox = page.getByLabel('OTP digit 1')
  await firstBox.waitFor()
  const code = await app.outboxCode(email)
  await firstBox.click()
  await page.keyboard.type(code)
  await screenshot(page, 'otp-filled')
  await page.getByRole('button', { name: 'Verify' }).click()

  const avatar = page.getByRole('button', { name: 'Account menu' })
  await avatar.waitFor()
  expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true')
  const token = await page.evaluate(() => localStorage.getItem('token'))
  expect(token).toBeTruthy()
  await avatar.click()
  await expect.poll(() => page.getByText(email).isVisible()).toBe(true)
  await screenshot(page, 'avatar-menu')

  await page
    .getByRole('menuitem', { name: 'Sign Out' })
    .or(page.getByRole('button', { name: 'Sign Out' }))
    .first()
    .click()
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  expect(await avatar.count()).toBe(0)

  // The session really ended on the server: the old token is refused.
  const res = await fetch(`${app.baseUrl}/api/v1/refresh-token/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  })
  expect(res.status).toBe(401)

  // Forgotten password: the three-step wizard. Step 2's one-time reset token goes to step 3 in memory only.
  const urls: string[] = []
  page.on('request', (r) => urls.push(r.url()))
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).click()
  const wizard = page.getByRole('dialog')
  await wizard.getByLabel('Email').fill(email)
  await wizard.getByRole('button', { name: 'Send code' }).click()
  await wizard.getByLabel('OTP').waitFor()
  await wizard.getByLabel('OTP').fill(await outboxCode(app.dataDir, email, { mails: 2 }))
  const verified = page.waitForResponse((r) => r.url().endsWith('/api/v1/verifyOtp/user'))
  await wizard.getByRole('button', { name: 'Verify code' }).click()
  const resetToken = ((await (await verified).json()) as { data: { resetToken: string } }).data.resetToken
  expect(resetToken).toMatch(/^[\w-]{43}$/)
  await wizard.getByLabel('New Password').fill('24681357')
  await wizard.getByLabel('Confirm Password').fill('24681357')
  await screenshot(page, 'reset-new-password')
  const reset = page.waitForResponse((r) => r.url().endsWith('/api/v1/forgot-password/user'))
  await wizard.getByRole('button', { name: 'Reset password' }).click()
  expect((await reset).status()).toBe(200)
  await expect.poll(() => page.getByText('Password reset successful').isVisible()).toBe(true)
  for (const url of [...urls, page.url()]) expect(url).not.toContain(resetToken)
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
  expect(stored).not.toContain(resetToken)

  // The new password signs in; the old one does not.
  const login = (password: string) =>
    fetch(`${app.baseUrl}/api/v1/login-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  expect((await login('secret123')).status).toBe(401)
  expect((await login('24681357')).status).toBe(200)
})
