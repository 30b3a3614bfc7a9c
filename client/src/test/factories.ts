import { randomBytes } from 'node:crypto'
import { createDb, type Db } from '@bookstrut/core'
import {
  backdateCode as backdate,
  contactMessagesFrom as messagesFrom,
  findAccount,
  removeInformationPage as removePage,
  seedAccount,
  seedBook,
  seedBooks,
  seedInformationPage,
  seedPendingAccount,
  seedPodblurb,
  setSiteSettings as writeSettings,
  type AccountOptions,
  type BookFields,
  type PendingCode,
  type SeededAccount,
} from '@bookstrut/api/testing'
import { inject } from 'vitest'
import { callApi } from './server'

/*
 * Factories: real rows in the test API's database, written by the server's own seeding module
 * (`@bookstrut/api/testing`, which calls the domains' functions), so no client test knows a table. They give tests
 * accounts, sessions and site content without going through mail, so the run stays inside the server's per-IP
 * limits (10 OTP mails and 30 logins from 127.0.0.1). Journeys that are themselves under test go through the API
 * instead.
 *
 * OTP mails the client suite sends in one run (keep under 10; global-setup.ts warns from 8): sign-up modal 3,
 * sign-in modal 1, OTP modal 1, forgot-password modal 2 = 7, plus 2 reset codes asked for an address without an
 * account (nothing is mailed, but they count against the same per-IP limit) = 9. Logins through the API: 7.
 */

let db: Db | undefined
/** The test API's database (src/test/global-setup.ts), for the seeding functions. */
export const testDb = () => (db ??= createDb(inject('apiDatabaseUrl'), 2))

export async function closeDb(): Promise<void> {
  await db?.destroy()
  db = undefined
}

export { uniqueEmail } from '@bookstrut/api/testing'
export type { AccountOptions, PendingCode }
export type Role = SeededAccount['role']
export type Account = SeededAccount

/** An account row (verified unless told otherwise) and, when verified, a live session. */
export const createAccount = (opts: AccountOptions = {}): Promise<Account> => seedAccount(testDb(), opts)

/** An account that signed up but has not verified its address, optionally with a sign-up code sent. */
export const createPendingAccount = (opts: AccountOptions & { otp?: PendingCode } = {}): Promise<Account> =>
  seedPendingAccount(testDb(), opts)

/** Moves the newest code's send time back, as if `seconds` had passed since it was sent (resend cooldowns). */
export const backdateCode = (email: string, purpose: 'signup' | 'reset', seconds: number) =>
  backdate(testDb(), email, purpose, seconds)

/** The account row as the server keeps it. */
export const findUser = (email: string) => findAccount(testDb(), email)

/** `count` approved, public books owned by the account (their number is the profile's Total Titles). */
export const addBooks = (ownerId: string, count: number): Promise<string[]> =>
  seedBooks(testDb(), ownerId, count)

/**
 * One approved, public book with the given title (and optional details). `sourceId` makes it an imported book
 * (as `npm run catalog:import` stores them). Returns its id.
 */
export const addBook = (ownerId: string, book: BookFields & { title: string }): Promise<string> =>
  seedBook(testDb(), ownerId, book)

/** A word no other book uses, so a keyword search for it finds exactly the books a test made. */
export const uniqueWord = () =>
  `zq${randomBytes(4)
    .toString('hex')
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x')}`

let admin: Promise<Account> | undefined
/** Blocks the account through the API, as an admin does, with a note shown to its owner. */
export async function blockUser(userId: string, notes = 'Blocked in a test') {
  admin ??= createAccount({ role: 'admin' })
  const res = await callApi('/admin/block/user', {
    method: 'POST',
    token: (await admin).token,
    body: { userId, notes },
  })
  if (res.status !== 200) throw new Error(`blocking ${userId} failed: ${res.status} ${res.body.message}`)
}

/** Puts a book on one of the reader's shelves through the API (PUT /library/shelf queues its event too). */
export async function shelve(
  reader: Account,
  bookId: string,
  shelf: 'want_to_read' | 'reading' | 'read',
  finishedOn?: string,
) {
  const res = await callApi('/library/shelf', {
    method: 'PUT',
    token: reader.token,
    body: { userId: reader.id, bookId, shelf, finishedOn },
  })
  if (res.status !== 200) throw new Error(`shelving ${bookId} failed: ${res.status} ${res.body.message}`)
}

/** An information page listed in the header's Other Menu or in the footer. Returns its id. */
export const addInformationPage = (page: { path: string; name: string; placeArea: 'menu' | 'footer' }) =>
  seedInformationPage(testDb(), page)

export const removeInformationPage = (id: string) => removePage(testDb(), id)

/** The site's social links and support address (the one settings row); those not given are emptied. */
export const setSiteSettings = (s: {
  facebook?: string
  instagram?: string
  youtube?: string
  tiktok?: string
  supportEmail?: string
}) =>
  writeSettings(testDb(), {
    facebook: s.facebook ?? '',
    instagram: s.instagram ?? '',
    youtube: s.youtube ?? '',
    tiktok: s.tiktok ?? '',
    supportEmail: s.supportEmail ?? '',
  })

/**
 * The book's first podblurb (part 1): `duration` seconds at `fileUrl`, with `likes` readers' likes given on it (the
 * book's own count, the one shown, holds them too: issue 48). Returns its id.
 */
export const addEpisode = (
  bookId: string,
  clip: { duration?: number; fileUrl?: string; likes?: number } = {},
) => seedPodblurb(testDb(), bookId, { title: 'Podblurb', ...clip })

/** The contact messages stored for a sender's address (POST /create/ContactUs), oldest first. */
export const contactMessagesFrom = (email: string) => messagesFrom(testDb(), email)
