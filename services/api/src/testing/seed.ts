import { randomBytes } from 'node:crypto'
import { hashPassword, hashToken, sessionsRepo, usersRepo, type OtpPurpose } from '@bookstrut/accounts'
import { canonicalEmail, hashOtp, newSessionToken, otpRepo } from '@bookstrut/accounts/testing'
import { membershipsRepo } from '@bookstrut/billing'
import { booksRepo, ghostsRepo } from '@bookstrut/catalogue'
import { createInformationPage, deleteInformationPage, updateSettings } from '@bookstrut/content'
import { sql } from 'kysely'
import { newId, type Db } from '@bookstrut/core'
import { listingRow, type ListingFields } from '@bookstrut/core/testing'
import { embeddingsRepo, foundIdeaKey, foundItRepo, PASSAGE_SCHEME } from '@bookstrut/search'

/*
 * Seeding for the tests outside the server (the client's component tests and its e2e journeys): accounts, books,
 * podblurbs, plans, reports, agreed ideas and site content, written through the domain packages' own functions
 * (repositories and use cases), so the client knows no table. Every function takes the database of the app under
 * test (`createDb(app.databaseUrl)`). One module on purpose: when a domain's code moves, its imports change here
 * only. Journeys that are themselves under test go through the API instead.
 */

export type Role = 'reader' | 'author' | 'publisher' | 'admin'

export interface AccountOptions {
  role?: Role
  email?: string
  password?: string
  firstName?: string
  lastName?: string
  /** default true; an unverified account gets no session */
  verified?: boolean
  bio?: string
  links?: string[]
}

export interface SeededAccount {
  id: string
  email: string
  password: string
  role: Role
  firstName: string
  lastName: string
  /** A live session (a year long), as a login would give; empty for unverified accounts. */
  token: string
}

const DAY_MS = 86_400_000
// A cheap scrypt cost: the stored form carries its parameters, so sign-in checks it like any other hash.
const TEST_PASSWORD_COST = 10

let seq = 0
/** An address no other test uses (codes are read from the outbox by address). Short: tests type it. */
export const uniqueEmail = (tag = 'user') => `${tag}.${randomBytes(4).toString('hex')}@example.com`

/** A session of a year for the account, as a login writes it; returns its token. */
export async function seedSession(db: Db, userId: string): Promise<string> {
  const token = newSessionToken()
  const now = new Date()
  await sessionsRepo.insertSession(db, {
    id: newId(),
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 365 * DAY_MS),
    userAgent: null,
    ip: null,
  })
  return token
}

/** An account (verified unless told otherwise) and, when verified, a live session. */
export async function seedAccount(db: Db, opts: AccountOptions = {}): Promise<SeededAccount> {
  const role = opts.role ?? 'reader'
  const account: SeededAccount = {
    id: newId(),
    email: (opts.email ?? uniqueEmail(role)).toLowerCase(),
    password: opts.password ?? 'secret123',
    role,
    firstName: opts.firstName ?? 'Test',
    lastName: opts.lastName ?? `User${++seq}`,
    token: '',
  }
  const verified = opts.verified ?? true
  const now = new Date()
  await usersRepo.insertUser(db, {
    id: account.id,
    email: account.email,
    email_canonical: canonicalEmail(account.email),
    first_name: account.firstName,
    last_name: account.lastName,
    role,
    password_hash: await hashPassword(account.password, TEST_PASSWORD_COST),
    is_verified: verified,
    bio: opts.bio ?? '',
    website_and_social_links: opts.links ?? [],
    profile_image: null,
    banner_image: null,
    cust_id: null,
    created_at: now,
    updated_at: now,
  })
  if (verified) account.token = await seedSession(db, account.id)
  return account
}

/** A code already sent `sentSecondsAgo` seconds ago; `expired` puts it past its 10 minutes. */
export interface PendingCode {
  /** The 4 digits (default 1000). */
  code?: string
  sentSecondsAgo?: number
  expired?: boolean
}

/** An account that signed up but has not verified its address, optionally with a sign-up code sent. */
export async function seedPendingAccount(
  db: Db,
  opts: AccountOptions & { otp?: PendingCode } = {},
): Promise<SeededAccount> {
  const account = await seedAccount(db, { ...opts, verified: false })
  if (opts.otp) await seedCode(db, account.email, 'signup', opts.otp)
  return account
}

/** A one-time code for the address, stored as the server stores one (hashed with its row id). */
export async function seedCode(db: Db, email: string, purpose: OtpPurpose, code: PendingCode = {}) {
  const id = newId()
  const sentAt = new Date(Date.now() - (code.sentSecondsAgo ?? 0) * 1000)
  const expiresAt = code.expired ? new Date(Date.now() - 1000) : new Date(sentAt.getTime() + 600_000)
  await otpRepo.replaceOtp(db, {
    id,
    email: email.toLowerCase(),
    purpose,
    codeHash: hashOtp(id, code.code ?? '1000'),
    sentAt,
    expiresAt,
  })
}

/**
 * Moves the newest code's send time back, as if `seconds` had passed since it was sent (resend cooldowns). The
 * database's clock, not this process's: tests that call this run fake timers, whose `Date.now()` ran ahead.
 */
export async function backdateCode(db: Db, email: string, purpose: OtpPurpose, seconds: number) {
  await db
    .updateTable('otp_codes')
    .set({ sent_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
    .where('email', '=', email.toLowerCase())
    .where('purpose', '=', purpose)
    .execute()
}

/** The account as the server keeps it (its row), by address. */
export const findAccount = (db: Db, email: string) => usersRepo.findUserByEmail(db, email.toLowerCase())

/** The address of an account (factories that take no address make one up). */
export async function emailOf(db: Db, userId: string): Promise<string> {
  const user = await usersRepo.findUserById(db, userId)
  if (!user) throw new Error(`no account ${userId}`)
  return user.email
}

/** Gives the account a new password (as a reset would; its sessions are kept). */
export async function setPassword(db: Db, email: string, password: string) {
  const user = await findAccount(db, email)
  if (!user) throw new Error(`no account ${email}`)
  await usersRepo.updateUser(db, user.id, { password_hash: await hashPassword(password, TEST_PASSWORD_COST) })
}

/** What a test says about a book: the listing's columns (approved by default), in the wire's words where short. */
export interface BookFields {
  id?: string
  title?: string
  author?: string
  category?: string
  description?: string
  year?: number | null
  ideas?: [string, string, string]
  /** 1 approved (default), 0 pending, 2 rejected */
  status?: 0 | 1 | 2
  /** makes it an imported book (as `npm run catalog:import` stores them) */
  sourceId?: string | null
}

/** One listing of the owner, approved unless `status` says otherwise; returns its id. It is not announced. */
export async function seedBook(db: Db, ownerId: string, book: BookFields = {}): Promise<string> {
  const row = listingRow(ownerId, bookColumns(book))
  await booksRepo.insertBook(db, row)
  return row.id
}

/** The listing columns of what a test says about a book, with the defaults the client's tests expect. */
const bookColumns = (book: BookFields): ListingFields => ({
  ...(book.id !== undefined && { id: book.id }),
  ...(book.title !== undefined && { title: book.title }),
  author: book.author ?? 'Test Author',
  category_name: book.category ?? 'Mystery',
  description: book.description ?? 'A test book.',
  year_published: book.year ?? null,
  status: book.status ?? 1,
  source_id: book.sourceId ?? null,
  ...(book.ideas && { ideas: book.ideas }),
})

/** `count` approved books of the owner, "Test Book 1" to "Test Book N", in one insert; returns their ids. */
export async function seedBooks(db: Db, ownerId: string, count: number): Promise<string[]> {
  if (count === 0) return []
  const rows = Array.from({ length: count }, (_, i) =>
    listingRow(ownerId, bookColumns({ title: `Test Book ${i + 1}` })),
  )
  await db.insertInto('podcasts').values(rows).execute()
  return rows.map((r) => r.id)
}

/**
 * The book's first podblurb: `duration` seconds at `fileUrl` (null: no file), untitled unless told, with `likes`
 * readers' likes given on it (the book's own count holds them too). Returns its id.
 */
export async function seedPodblurb(
  db: Db,
  bookId: string,
  {
    duration = 90,
    fileUrl = `/media/audio/${bookId}.mp3` as string | null,
    likes = 0,
    title = undefined as string | undefined,
  } = {},
): Promise<string> {
  const id = newId()
  await booksRepo.insertEpisode(db, {
    id,
    podcast_id: bookId,
    ...(title !== undefined && { title }),
    file_url: fileUrl,
    duration,
    likes,
    transcript: null,
    year_published: null,
    created_at: new Date(),
  })
  // The count shown is the book's (issue 48: a book without a podblurb is liked too); it holds the clip's likes.
  if (likes > 0)
    await db
      .updateTable('podcasts')
      .set({ likes: sql<number>`likes + ${likes}` })
      .where('id', '=', bookId)
      .execute()
  return id
}

/** How a membership was bought; by default bought now, for a year, at the plan's price, and current. */
export interface HeldPlan {
  price?: number
  purchasedAt?: Date
  expiresAt?: Date | null
  /** false: a past plan; true (default) also ends the membership the account held */
  current?: boolean
}

/** A membership of the named plan (the plans are seeded by the migrations), as a purchase leaves it. */
export async function holdPlan(db: Db, userId: string, planName: string, held: HeldPlan = {}) {
  const plan = await db
    .selectFrom('plans')
    .select(['id', 'price', 'book_limit'])
    .where('plan_name', '=', planName)
    .executeTakeFirstOrThrow(() => new Error(`no plan named ${planName}`))
  const purchasedAt = held.purchasedAt ?? new Date()
  const terms = {
    price: held.price ?? plan.price,
    expiry_date:
      held.expiresAt === undefined ? new Date(purchasedAt.getTime() + 365 * DAY_MS) : held.expiresAt,
  }
  if (held.current ?? true) {
    // billing's own switch of the current plan (it ends the one held), then the terms this purchase paid for.
    await db.transaction().execute(async (trx) => {
      await membershipsRepo.grantPlan(trx, userId, plan.id, purchasedAt)
      await trx
        .updateTable('memberships')
        .set(terms)
        .where('user_id', '=', userId)
        .where('is_current', '=', true)
        .execute()
    })
    return
  }
  await db
    .insertInto('memberships')
    .values({
      id: newId(),
      user_id: userId,
      plan_id: plan.id,
      book_limit: plan.book_limit,
      purchase_date: purchasedAt,
      is_current: false,
      ...terms,
    })
    .execute()
}

/** A reader's report of a book (the first report type seeded by the migrations unless told). */
export async function seedReport(
  db: Db,
  report: { userId: string; bookId: string; reportTypeId?: string },
): Promise<string> {
  const id = newId()
  await ghostsRepo.addReport(db, {
    id,
    userId: report.userId,
    bookId: report.bookId,
    reportTypeId: report.reportTypeId ?? '0000000000000000000000b1',
    episodeId: null,
  })
  return id
}

/**
 * Ideas readers agreed find a book ("found it"), stored as the agreement job stores them, then approved as an
 * admin approves them in the moderation queue (the job, its thresholds and the queue are tested on the server).
 */
export async function seedAgreedIdeas(db: Db, bookId: string, ideas: { idea: string; readers: number }[]) {
  const agreed = ideas.map(({ idea, readers }) => ({
    ideaKey: foundIdeaKey(idea),
    idea,
    readers,
    networks: 2,
    weightedReaders: readers,
  }))
  await foundItRepo.replaceAgreedIdeas(db, bookId, agreed, new Date())
  await db
    .updateTable('book_found_ideas')
    .set({ status: 'approved', decided_at: new Date() })
    .where('podcast_id', '=', bookId)
    .execute()
}

/** An information page listed in the header's Other Menu or in the footer. Returns its id. */
export async function seedInformationPage(
  db: Db,
  page: { path: string; name: string; placeArea: 'menu' | 'footer'; description?: string },
): Promise<string> {
  const stored = await createInformationPage(
    db,
    {
      path: page.path,
      information_name: page.name,
      information_Description: page.description ?? '',
      placeArea: page.placeArea,
    },
    new Date(),
  )
  return stored._id
}

export const removeInformationPage = (db: Db, id: string) => deleteInformationPage(db, id)

/** Changes the named site settings (the one settings row): social links, support address, featured video. */
export async function setSiteSettings(
  db: Db,
  s: {
    facebook?: string
    instagram?: string
    youtube?: string
    tiktok?: string
    supportEmail?: string
    homePageMedia?: string
  },
) {
  await updateSettings(
    db,
    {
      Facebook: s.facebook,
      Instagram: s.instagram,
      YouTube: s.youtube,
      TikTok: s.tiktok,
      supportEmail: s.supportEmail,
      homePageMedia: s.homePageMedia,
    },
    '',
  )
}

/** The contact messages stored for a sender's address (POST /create/ContactUs), oldest first. */
export const contactMessagesFrom = (db: Db, email: string) =>
  db
    .selectFrom('contact_messages')
    .select(['subject', 'message'])
    .where('email', '=', email)
    .orderBy('created_at')
    .execute()

/** The ideas a reader said found a book ("This is the book I meant"), with the book's title, by idea. */
export const foundItConfirmationsOf = (db: Db, email: string) =>
  db
    .selectFrom('found_it_confirmations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('podcasts as p', 'p.id', 'c.podcast_id')
    .select(['c.idea', 'p.title'])
    .where('u.email', '=', email.toLowerCase())
    .orderBy('c.idea')
    .execute()

/**
 * How many books have up-to-date vectors of the model serving idea search, of how many books (as
 * `npm run embeddings:status` says it); none done before the workers' first sweep chose a model.
 */
export async function servingEmbeddingProgress(db: Db): Promise<{ done: number; total: number }> {
  const model = await embeddingsRepo.findServingModel(db)
  if (!model) return { done: 0, total: Number.POSITIVE_INFINITY }
  return embeddingsRepo.embeddingProgress(db, { model, scheme: PASSAGE_SCHEME })
}
