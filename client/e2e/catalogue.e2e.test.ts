import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { LISTING_CREATED_MESSAGE, LISTING_UPDATED_MESSAGE } from '@bookstrut/schemas'
import { image, silentMp3 } from '@bookstrut/api/testing'
import { launchBrowser, npmScript, screenshot, signUpAuthor, startApp } from './harness.js'

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let files: string

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
  files = await mkdtemp(path.join(tmpdir(), 'bookstrut-e2e-files-'))
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  if (files) await rm(files, { recursive: true, force: true })
})

const title = 'The Keeper of Salt Lanterns'

it('an author lists a book with a cover and a podblurb, an admin approves it, a visitor plays it', async () => {
  const coverPath = path.join(files, 'cover.png')
  const mp3Path = path.join(files, 'podblurb.mp3')
  await writeFile(coverPath, await image('png', 600, 800))
  await writeFile(mp3Path, silentMp3(20))

  // 1. The author signs up in the browser and uploads the book.
  const authorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const author = await authorContext.newPage()
  const email = `author.${Date.now()}@example.com`
  await signUpAuthor(author, app, { email, firstName: 'Maya', lastName: 'Okafor' })
  await author.goto(`${app.baseUrl}/upload-book`)
  // Free plan: the Format & Limits notice comes first.
  const notice = author.getByRole('dialog', { name: 'Format & Limits' })
  await notice.waitFor()
  await notice.getByRole('button', { name: 'Go For 1 Free Upload' }).click()
  // Free users do not see the YouTube and TikTok fields.
  expect(await author.getByLabel('YouTube Link').count()).toBe(0)

  await author.getByLabel('Book cover file').setInputFiles(coverPath)
  const crop = author.getByRole('dialog', { name: 'Crop book cover' })
  await crop.locator('.reactEasyCrop_Container img').waitFor()
  await author.waitForTimeout(300)
  await screenshot(author, 'catalogue-crop')
  await crop.getByRole('button', { name: 'Save' }).click()
  await crop.waitFor({ state: 'detached' })
  await author.locator('input[type="file"][accept="audio/mpeg,.mp3"]').setInputFiles(mp3Path)
  await author.getByText('podblurb.mp3').waitFor()
  await expect.poll(() => author.getByText(/00:(19|20)/).count()).toBeGreaterThan(0)

  await author
    .getByLabel('Primary Idea')
    .fill('A lighthouse keeper guards a secret that could ruin the island')
  await author.getByLabel('Secondary Idea').fill('Letters from a lost brother arrive decades too late')
  await author.getByLabel('Additional Idea').fill('A storm forces strangers to trust each other overnight')
  await author.getByLabel('Book Title').fill(title)
  await author.getByLabel('Author Name').fill('Maya Okafor')
  await author.getByLabel('Category/Genre').fill('Literary fiction')
  await author
    .getByRole('textbox', { name: /^Description\b/ })
    .fill(
      'A sweeping, intimate novel about memory and the secrets a small island keeps, told over one long stormy night.',
    )
  // Required, and marked so before anything is sent.
  const getThis = author.getByLabel('Where to get this URL')
  expect(await getThis.getAttribute('required')).not.toBeNull()
  await getThis.fill('bookshop.example.com/keeper')
  await author.getByLabel('Year First Published').fill('1999')
  await author.getByRole('combobox', { name: 'Language' }).fill('british')
  await author.getByRole('option', { name: /English \(United Kingdom\)/ }).click()
  await screenshot(author, 'catalogue-upload-filled')
  await author.getByRole('button', { name: 'Save' }).click()
  await author.getByText(LISTING_CREATED_MESSAGE).waitFor()
  // Saved: My Listings opens with the new listing highlighted, Pending, and the plan's counter on the add button.
  await author.waitForURL('**/profile-listings')
  const row = author.getByRole('listitem').filter({ hasText: title })
  await row.getByText('Pending').waitFor()
  await row.getByText('Just saved').waitFor()
  expect(await row.getAttribute('aria-current')).toBe('true')
  await author.getByRole('button', { name: /Add Listing\s*1 of 1 listed/ }).waitFor()
  await screenshot(author, 'catalogue-my-listings')
  const href = await row.getByRole('link', { name: title, exact: true }).getAttribute('href')
  const podcastId = href?.split('/').at(-1) ?? ''
  expect(podcastId).toMatch(/^[0-9a-f]{24}$/)

  // The free plan holds one book: adding another says the limit is reached (the plan has not expired).
  await author.getByRole('button', { name: /Add Listing/ }).click()
  const limit = author.getByRole('dialog', { name: "You have reached your plan's book limit" })
  await limit.getByText(/Starter Strut lists up to 1 book, and you have listed 1\. Please upgrade/).waitFor()
  await limit.getByRole('button', { name: 'Cancel' }).click()

  // Editing sends only what changed: nothing changed gives the info; a new publisher is saved.
  await row.getByRole('button', { name: `Edit ${title}` }).click()
  await author.getByRole('heading', { level: 1, name: 'Edit Book' }).waitFor()
  await expect.poll(() => author.getByLabel('Book Title').inputValue()).toBe(title)
  await author.getByRole('button', { name: 'Update' }).click()
  await author.getByText('No changes detected!').waitFor()
  await author.getByLabel('Publisher Name').fill('Harbour Lights Press')
  await author.getByRole('button', { name: 'Update' }).click()
  await author.waitForURL('**/profile-listings')
  await author.getByText(LISTING_UPDATED_MESSAGE).waitFor()
  await row.getByText('Harbour Lights Press').waitFor()

  // Not public yet: a visitor gets "not found".
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const visitor = await visitorContext.newPage()
  await visitor.goto(`${app.baseUrl}/single-book/${podcastId}`)
  await visitor.getByRole('heading', { name: 'Book not found' }).waitFor()

  // 2. An admin (made with the CLI against this app's database) approves it on the moderation page.
  const adminEmail = `admin.${Date.now()}@example.com`
  await npmScript(['admin:create', '--', adminEmail, '--password', 'admin-secret'], app)
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const admin = await adminContext.newPage()
  await admin.goto(app.baseUrl)
  await admin.getByRole('banner').getByRole('button', { name: 'Sign In' }).click()
  const signIn = admin.getByRole('dialog')
  await signIn.getByLabel('Email').fill(adminEmail)
  await signIn.getByLabel('Password', { exact: true }).fill('admin-secret')
  await signIn.getByRole('button', { name: 'Sign In' }).click()
  await admin.getByRole('button', { name: 'Account menu' }).click()
  await admin.getByRole('link', { name: 'Admin console' }).click()
  await admin
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'Moderation' })
    .click()
  await admin.getByRole('heading', { name: 'Moderation' }).waitFor()
  const pending = admin.getByRole('listitem').filter({ hasText: title })
  await pending.getByText('Maya Okafor').first().waitFor()
  await screenshot(admin, 'catalogue-moderation')
  await pending.getByRole('button', { name: `Approve ${title}` }).click()
  await admin.getByText('Podcast approved').waitFor()
  await admin.getByText('No listings are waiting for review.').waitFor()

  // 3. A visitor (not signed in) opens the book's page and plays the podblurb.
  await visitor.reload()
  await visitor.getByRole('heading', { level: 1, name: title }).waitFor()
  await visitor.getByText(/^00:(19|20)$/).waitFor()
  await visitor.getByRole('button', { name: `Play podblurb of ${title}` }).click()
  const player = visitor.getByRole('region', { name: 'Audio player' })
  await player.getByRole('button', { name: 'Pause' }).waitFor()
  await expect
    .poll(() => visitor.locator('audio[data-player]').evaluate((a: HTMLAudioElement) => a.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(1)
  await screenshot(visitor, 'catalogue-visitor-playing')
  // The same button pauses it (play/pause per title).
  await visitor.getByRole('button', { name: `Pause podblurb of ${title}` }).click()
  await expect
    .poll(() => visitor.locator('audio[data-player]').evaluate((a: HTMLAudioElement) => a.paused))
    .toBe(true)

  // The author's public profile lists the approved title.
  await visitor.goto(`${app.baseUrl}/author-profile/${href ? await authorId(author) : ''}`)
  await visitor.getByRole('heading', { level: 1, name: 'Maya Okafor' }).waitFor()
  await visitor.getByRole('link', { name: title, exact: true }).first().waitFor()
  await screenshot(visitor, 'catalogue-author-profile')

  await Promise.all([authorContext.close(), visitorContext.close(), adminContext.close()])
})

const authorId = (page: Page) => page.evaluate(() => localStorage.getItem('userId') ?? '')
