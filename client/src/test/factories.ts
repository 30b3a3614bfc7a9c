import { createHash, randomBytes, scryptSync } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { callApi } from './server'

/*
 * Factories: real rows in the test API's database, in the formats the API writes (as its own tests'
 * buildUser does: services/core/src/testing/user-factory.ts). They give tests accounts, sessions and site content
 * without going through mail, so the run stays inside the server's per-IP limits (10 OTP mails and 30 logins
 * from 127.0.0.1). Journeys that are themselves under test go through the API instead.
 *
 * OTP mails the client suite sends in one run (keep under 10; global-setup.ts warns from 8): sign-up modal 3,
 * sign-in modal 1, OTP modal 1, forgot-password modal 2 = 7, plus 2 reset codes asked for an address without an
 * account (nothing is mailed, but they count against the same per-IP limit) = 9. Logins through the API: 7.
 */

let pool: pg.Pool | undefined
const db = () => (pool ??= new pg.Pool({ connectionString: inject('apiDatabaseUrl'), max: 2 }))

export async function closeDb(): Promise<void> {
  await pool?.end()
  pool = undefined
}

/** A 24-hex id: seconds since the epoch, then random bytes (the API's newId). */
const newId = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0') + randomBytes(8).toString('hex')

let seq = 0
/** An address no other test uses (codes are read from the outbox by address). Short: tests type it. */
export const uniqueEmail = (tag = 'user') => `${tag}.${randomBytes(4).toString('hex')}@example.com`

/** The API's password format: scrypt$logN$r$p$salt$key (cheap cost: the format carries its parameters). */
function hashPassword(password: string): string {
  const logN = 10
  const salt = randomBytes(16)
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** logN, r: 8, p: 1 })
  return `scrypt$${logN}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

export type Role = 'reader' | 'author' | 'publisher' | 'admin'

export interface AccountOptions {
  role?: Role
  email?: string
  password?: string
  firstName?: string
  lastName?: string
  verified?: boolean
  bio?: string
  links?: string[]
}

export interface Account {
  id: string
  email: string
  password: string
  role: Role
  firstName: string
  lastName: string
  /** A live session (a year long), as a login would give; empty for unverified accounts. */
  token: string
}

/** An account row (verified unless told otherwise) and, when verified, a live session. */
export async function createAccount(opts: AccountOptions = {}): Promise<Account> {
  const id = newId()
  const now = new Date()
  const account: Account = {
    id,
    email: (opts.email ?? uniqueEmail(opts.role ?? 'reader')).toLowerCase(),
    password: opts.password ?? 'secret123',
    role: opts.role ?? 'reader',
    firstName: opts.firstName ?? 'Test',
    lastName: opts.lastName ?? `User${++seq}`,
    token: '',
  }
  const verified = opts.verified ?? true
  await db().query(
    `insert into users (id, email, first_name, last_name, role, password_hash, is_verified, bio,
       website_and_social_links, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [
      id,
      account.email,
      account.firstName,
      account.lastName,
      account.role,
      hashPassword(account.password),
      verified,
      opts.bio ?? '',
      opts.links ?? [],
      now,
    ],
  )
  if (verified) {
    account.token = randomBytes(32).toString('base64url')
    await db().query(
      `insert into sessions (id, user_id, token_hash, created_at, expires_at) values ($1, $2, $3, $4, $5)`,
      [newId(), id, sha256(account.token), now, new Date(now.getTime() + 365 * 86_400_000)],
    )
  }
  return account
}

/** A sign-up code already sent `sentSecondsAgo` seconds ago; `expired` puts it past its 10 minutes. */
export interface PendingCode {
  /** The 4 digits (default 1000). */
  code?: string
  sentSecondsAgo?: number
  expired?: boolean
}

/** An account that signed up but has not verified its address, optionally with a sign-up code sent. */
export async function createPendingAccount(
  opts: AccountOptions & { otp?: PendingCode } = {},
): Promise<Account> {
  const account = await createAccount({ ...opts, verified: false })
  if (opts.otp) {
    const otpId = newId()
    const sentAt = new Date(Date.now() - (opts.otp.sentSecondsAgo ?? 0) * 1000)
    const expiresAt = opts.otp.expired ? new Date(Date.now() - 1000) : new Date(sentAt.getTime() + 600_000)
    await db().query(
      `insert into otp_codes (id, email, purpose, code_hash, sent_at, expires_at) values ($1, $2, 'signup', $3, $4, $5)`,
      [otpId, account.email, sha256(`${otpId}:${opts.otp.code ?? '1000'}`), sentAt, expiresAt],
    )
  }
  return account
}

/** Moves the newest code's send time back, as if `seconds` had passed since it was sent (resend cooldowns). */
export async function backdateCode(email: string, purpose: 'signup' | 'reset', seconds: number) {
  await db().query(
    `update otp_codes set sent_at = now() - make_interval(secs => $3) where email = $1 and purpose = $2`,
    [email.toLowerCase(), purpose, seconds],
  )
}

/** The account row as the server keeps it. */
export async function findUser(email: string) {
  const { rows } = await db().query<{
    id: string
    first_name: string
    last_name: string
    role: Role
    is_verified: boolean
    website_and_social_links: string[]
  }>(
    'select id, first_name, last_name, role, is_verified, website_and_social_links from users where email = $1',
    [email.toLowerCase()],
  )
  return rows[0]
}

/** `count` approved, public books owned by the account (their number is the profile's Total Titles). */
export async function addBooks(ownerId: string, count: number): Promise<string[]> {
  const now = new Date()
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const id = newId()
    await db().query(
      `insert into podcasts (id, create_by, title, author, category_name, description, status, created_at, updated_at)
       values ($1, $2, $3, 'Test Author', 'Mystery', 'A test book.', 1, $4, $4)`,
      [id, ownerId, `Test Book ${i + 1}`, now],
    )
    ids.push(id)
  }
  return ids
}

/**
 * One approved, public book with the given title (and optional details). `sourceId` makes it an imported book
 * (as `npm run import` stores them). Returns its id.
 */
export async function addBook(
  ownerId: string,
  book: {
    title: string
    author?: string
    category?: string
    description?: string
    year?: number
    sourceId?: string
  },
): Promise<string> {
  const id = newId()
  const now = new Date()
  await db().query(
    `insert into podcasts (id, create_by, title, author, category_name, description, year_published, status,
       created_at, updated_at, source_id)
     values ($1, $2, $3, $4, $5, $6, $7, 1, $8, $8, $9)`,
    [
      id,
      ownerId,
      book.title,
      book.author ?? 'Test Author',
      book.category ?? 'Mystery',
      book.description ?? 'A test book.',
      book.year ?? null,
      now,
      book.sourceId ?? null,
    ],
  )
  return id
}

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

/** An information page listed in the header's Other Menu or in the footer. Returns its id. */
export async function addInformationPage(page: { path: string; name: string; placeArea: 'menu' | 'footer' }) {
  const id = newId()
  await db().query(
    'insert into information_pages (id, path, information_name, place_area) values ($1, $2, $3, $4)',
    [id, page.path, page.name, page.placeArea],
  )
  return id
}

export async function removeInformationPage(id: string) {
  await db().query('delete from information_pages where id = $1', [id])
}

/** The site's social links and support address (the one settings row). */
export async function setSiteSettings(s: {
  facebook?: string
  instagram?: string
  youtube?: string
  tiktok?: string
  supportEmail?: string
}) {
  await db().query(
    'update site_settings set facebook = $1, instagram = $2, youtube = $3, tiktok = $4, support_email = $5',
    [s.facebook ?? '', s.instagram ?? '', s.youtube ?? '', s.tiktok ?? '', s.supportEmail ?? ''],
  )
}

/**
 * The book's first podblurb (part 1): `duration` seconds at `fileUrl`, with `likes` readers' likes given on it (the
 * book's own count, the one shown, holds them too: issue 48). Returns its id.
 */
export async function addEpisode(
  bookId: string,
  { duration = 90, fileUrl = `/media/audio/${bookId}.mp3`, likes = 0 } = {},
): Promise<string> {
  const id = newId()
  await db().query(
    `insert into episodes (id, podcast_id, part, title, file_url, duration, likes, created_at)
     values ($1, $2, 1, 'Podblurb', $3, $4, $5, now())`,
    [id, bookId, fileUrl, duration, likes],
  )
  if (likes > 0) await db().query('update podcasts set likes = likes + $2 where id = $1', [bookId, likes])
  return id
}

/** The contact messages stored for a sender's address (POST /create/ContactUs), oldest first. */
export async function contactMessagesFrom(email: string) {
  const res = await db().query<{ subject: string; message: string }>(
    'select subject, message from contact_messages where email = $1 order by created_at',
    [email],
  )
  return res.rows
}
