import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { hashPassword, usersRepo, type UserRow } from '@bookstrut/accounts'
import { addReaction, queueEvents } from '@bookstrut/analytics'
import { applyPlanGrant, membershipsRepo } from '@bookstrut/billing'
import { audited, newId, recorded, type Config, type Db, type Queues } from '@bookstrut/core'
import type { Role } from '@bookstrut/schemas'
import { demoEngagement, namedEventId } from './demo-engagement.js'

/*
 * The demo's author (issue 48): `npm run demo` makes a demo admin and a demo author, grants the author a paid plan
 * (complimentary, through the same rules and audit log as an admin's grant in the console), gives them one listing
 * of the demo catalogue and queues weeks of readers' engagement with it on the ingest queue the running app
 * drains, so that the analytics the product sells are the first thing a visitor can open. Everything is keyed:
 * running it again finds the same accounts, the same grant, the same listing and queues the same event ids (stored
 * once).
 */

export const DEMO_ADMIN_EMAIL = 'admin@bookstrut.demo'
export const DEMO_AUTHOR_EMAIL = 'author@bookstrut.demo'
/** The readers whose likes the demo listing has (accounts nobody signs in to). */
const DEMO_READERS = 7
const DAY_MS = 86_400_000
/** The seeded Pro Strut (migration 2026_11_22_1400_create_catalogue): analytics, ten books. */
const PRO_PLAN_ID = '0000000000000000000000a4'

export interface DemoAccount {
  user: UserRow
  password: string
}

/** The passwords of the demo accounts, kept in DATA_DIR (owner-only) so a second run prints the same ones. */
async function demoPasswords(dataDir: string): Promise<Record<string, string>> {
  const file = path.join(dataDir, 'demo-accounts.json')
  const known = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Record<string, string>)
    .catch((): Record<string, string> => ({}))
  const passwords = { ...known }
  for (const email of [DEMO_ADMIN_EMAIL, DEMO_AUTHOR_EMAIL])
    passwords[email] ??= randomBytes(9).toString('base64url')
  await mkdir(dataDir, { recursive: true })
  await writeFile(file, JSON.stringify(passwords, null, 2), { mode: 0o600 })
  return passwords
}

/** A verified account with the password; an existing one keeps its row and gets the password back. */
async function ensureAccount(
  db: Db,
  a: { email: string; role: Role; firstName: string; lastName: string; password: string; hashCost: number },
  now: Date,
): Promise<UserRow> {
  const password_hash = await hashPassword(a.password, a.hashCost)
  const existing = await usersRepo.findUserByEmail(db, a.email)
  if (existing) {
    const updated = await usersRepo.updateUser(db, existing.id, {
      password_hash,
      role: a.role,
      is_verified: true,
      is_blocked: false,
      updated_at: now,
    })
    return updated ?? existing
  }
  const user = await usersRepo.insertUser(db, {
    id: newId(now.getTime()),
    email: a.email,
    first_name: a.firstName,
    last_name: a.lastName,
    role: a.role,
    password_hash,
    is_verified: true,
    created_at: now,
    updated_at: now,
  })
  await membershipsRepo.ensureFreeMembership(db, user.id, now)
  return user
}

/** The demo admin and author with their passwords. */
export async function ensureDemoAccounts(
  db: Db,
  opts: { dataDir: string; hashCost: number; now: Date },
): Promise<{ admin: DemoAccount; author: DemoAccount }> {
  const passwords = await demoPasswords(opts.dataDir)
  const account = async (email: string, role: Role, firstName: string, lastName: string) => {
    const password = passwords[email]!
    const user = await ensureAccount(
      db,
      { email, role, firstName, lastName, password, hashCost: opts.hashCost },
      opts.now,
    )
    return { user, password }
  }
  return {
    admin: await account(DEMO_ADMIN_EMAIL, 'admin', 'Demo', 'Admin'),
    author: await account(DEMO_AUTHOR_EMAIL, 'author', 'Demo', 'Author'),
  }
}

/**
 * The author's complimentary Pro Strut for a year, granted by the demo admin through billing's grant rules and the
 * audit log; nothing when a grant of theirs is still running. Answers the plan's end.
 */
export async function grantDemoPlan(
  db: Db,
  admin: UserRow,
  author: UserRow,
  now: Date,
): Promise<Date | null> {
  const current = await membershipsRepo.currentMembership(db, author.id)
  if (
    current?.grant_kind &&
    current.expiry_date &&
    current.expiry_date.getTime() > now.getTime() + 30 * DAY_MS
  )
    return current.expiry_date
  const endDate = new Date(now.getTime() + 365 * DAY_MS).toISOString().slice(0, 10)
  const actor = { id: admin.id, email: admin.email, requestId: null }
  await audited({ db, clock: { now: () => now } }, actor, async (trx) => {
    const { before, after } = await applyPlanGrant(
      trx,
      {
        userId: author.id,
        kind: 'complimentary',
        planId: PRO_PLAN_ID,
        endDate,
        reason: 'The demo author: every analytics figure is open to try.',
        adminId: admin.id,
      },
      now,
    )
    return recorded(null, 'plan.grant', ['user', author.id], before, after)
  })
  return (await membershipsRepo.currentMembership(db, author.id))?.expiry_date ?? null
}

export interface DemoListing {
  id: string
  title: string
  episodeId: string | null
  clipSeconds: number
  ideas: string[]
}

/**
 * The demo author's listing: the demo catalogue's first approved book with a podblurb (by source id, so the same
 * one each run), handed to the author (a re-import hands it back to the catalogue owner; the next demo run hands it
 * over again); the author's own earlier listing when the catalogue has none.
 */
export async function ensureDemoListing(
  db: Db,
  author: UserRow,
  now: Date,
): Promise<DemoListing | undefined> {
  const withClip = await db
    .selectFrom('podcasts')
    .innerJoin('episodes', 'episodes.podcast_id', 'podcasts.id')
    .select(['podcasts.id', 'podcasts.title', 'episodes.id as episode_id', 'episodes.duration'])
    .select(['podcasts.primary_key', 'podcasts.secondary_key', 'podcasts.additional_key'])
    .where('podcasts.status', '=', 1)
    .where('podcasts.is_active', '=', true)
    .where('episodes.file_url', 'is not', null)
    .where((eb) =>
      eb.or([eb('podcasts.create_by', '=', author.id), eb('podcasts.source_id', 'is not', null)]),
    )
    .orderBy((eb) => eb.case().when('podcasts.create_by', '=', author.id).then(0).else(1).end(), 'asc')
    .orderBy('podcasts.source_id')
    .limit(1)
    .executeTakeFirst()
  if (!withClip) return undefined
  await db
    .updateTable('podcasts')
    .set({ create_by: author.id, updated_at: now })
    .where('id', '=', withClip.id)
    .execute()
  return {
    id: withClip.id,
    title: withClip.title,
    episodeId: withClip.episode_id,
    clipSeconds: Math.max(10, Math.round(withClip.duration)),
    ideas: [withClip.primary_key, withClip.secondary_key, withClip.additional_key].filter(
      (i) => i.trim() !== '',
    ),
  }
}

/** The app's parts the demo's events go through (the running app's database, ingest queue and config). */
export interface DemoDeps {
  db: Db
  queues: Queues
  config: Readonly<Config>
}

/**
 * Likes of the demo readers on past days, through the reactions use case a reader's like goes through (one per
 * reader, the book's count raised once, the day's like event queued with the same id the route makes), on a clock
 * set to the day of each. No rate limit: the demo is not a reader's request.
 */
async function demoLikes(deps: DemoDeps, listing: DemoListing, opts: { hashCost: number; now: Date }) {
  for (let r = 0; r < DEMO_READERS; r++) {
    const at = new Date(opts.now.getTime() - (2 + r * 3) * DAY_MS - (r + 1) * 3_600_000)
    const reader = await ensureAccount(
      deps.db,
      {
        email: `reader${r + 1}@bookstrut.demo`,
        role: 'reader',
        firstName: 'Demo',
        lastName: `Reader ${r + 1}`,
        password: randomBytes(12).toString('base64url'),
        hashCost: opts.hashCost,
      },
      new Date(at.getTime() - 30 * DAY_MS),
    )
    const reactionDeps = { ...deps, clock: { now: () => at }, limits: { consume: async () => {} } }
    // Each demo reader on a network of their own (the day's keyed hash in real events; any hex here).
    const network = namedEventId(`network:${r}`).replace(/-/g, '').slice(0, 16)
    await addReaction(
      reactionDeps,
      reader,
      'like',
      {
        userid: reader.id,
        podcastid: listing.id,
        ...(listing.episodeId && { episodeId: listing.episodeId }),
      },
      network,
    )
  }
  return DEMO_READERS
}

/** Queues the listing's weeks of engagement and its likes on the ingest queue; answers how many events. */
export async function queueDemoEngagement(
  deps: DemoDeps,
  listing: DemoListing,
  opts: { hashCost: number; now: Date },
): Promise<number> {
  const events = demoEngagement({
    bookId: listing.id,
    episodeId: listing.episodeId,
    clipSeconds: listing.clipSeconds,
    ideas: listing.ideas,
    now: opts.now,
    days: 28,
    visitors: 160,
    seed: 'bookstrut-demo-1',
  })
  for (let i = 0; i < events.length; i += 500) await queueEvents(deps.queues, events.slice(i, i + 500))
  return events.length + (await demoLikes(deps, listing, opts))
}
