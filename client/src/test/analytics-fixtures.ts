import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, expect, inject } from 'vitest'
import { createAccount } from '@/test/factories'
import { callApi } from '@/test/server'

/*
 * Arranging analytics for the panel's tests on the real API (src/test/global-setup.ts): titles with ideas and a
 * podblurb, plans, and real events sent to POST /api/v1/events, then waited for until the API counts them.
 */

const pool = new pg.Pool({ connectionString: inject('apiDatabaseUrl'), max: 1 })
afterAll(() => pool.end())

const newId = () => Math.floor(Date.now() / 1000).toString(16) + randomBytes(8).toString('hex')

/** A membership of the named plan (seeded by the API's migrations), current for a year. */
export async function holdPlan(userId: string, planName: string) {
  await pool.query(
    `insert into memberships (id, user_id, plan_id, price, book_limit, purchase_date, expiry_date, is_current)
     select $1, $2, p.id, p.price, p.book_limit, now(), now() + interval '12 months', true
       from plans p where p.plan_name = $3`,
    [newId(), userId, planName],
  )
}

/** A listing with its three ideas and a podblurb of `clipSeconds` (listening is capped by it). */
export async function addBookWithClip(
  ownerId: string,
  opts: { title: string; ideas: [string, string, string]; status?: 0 | 1 | 2; clipSeconds?: number },
): Promise<{ bookId: string; episodeId: string }> {
  const bookId = newId()
  const episodeId = newId()
  await pool.query(
    `insert into podcasts (id, create_by, title, author, category_name, description, primary_key, secondary_key,
       additional_key, status, created_at, updated_at)
     values ($1, $2, $3, 'Test Author', 'Mystery', 'A test book.', $4, $5, $6, $7, now(), now())`,
    [bookId, ownerId, opts.title, ...opts.ideas, opts.status ?? 1],
  )
  await pool.query(
    `insert into episodes (id, podcast_id, file_url, duration, created_at) values ($1, $2, $3, $4, now())`,
    [episodeId, bookId, `/media/${episodeId}.mp3`, opts.clipSeconds ?? 300],
  )
  return { bookId, episodeId }
}

export interface SentEvent {
  type: 'play' | 'listening' | 'purchase_click' | 'description_click' | 'profile_click' | 'share'
  seconds?: number
}

/**
 * Events of one reader (a new signed-in account), through the API's public tracking endpoint. Signed in because
 * visitors who are not are told apart by the server by address and agent, and every test call comes from one.
 */
export async function sendEvents(bookId: string, events: SentEvent[]) {
  const reader = await createAccount()
  const res = await callApi('/events', {
    method: 'POST',
    token: reader.token,
    body: { events: events.map((e) => ({ ...e, id: randomUUID(), podcastId: bookId })) },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(202)
}

/** Waits until GET /lnsights shows what `counted` expects (events are stored by the ingest worker). */
export async function waitForCounts(
  token: string,
  bookId: string,
  counted: (data: Record<string, unknown>) => boolean,
) {
  await expect
    .poll(
      async () => {
        const res = await callApi(`/lnsights?podcastid=${bookId}`, { token })
        return res.status === 200 && counted(res.body.data)
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBe(true)
}

/**
 * Ideas readers agreed find a title ("found it"), stored as the server's agreement job stores them and approved by
 * an admin (the job, its thresholds and the moderation queue are tested on the server:
 * services/api/src/routes/found-it/found-it.test.ts).
 */
export async function addAgreedIdeas(bookId: string, ideas: { idea: string; readers: number }[]) {
  for (const { idea, readers } of ideas)
    await pool.query(
      `insert into book_found_ideas (podcast_id, idea_key, idea, readers, networks, agreed_at, status)
       values ($1, lower($2), $2, $3, 2, now(), 'approved')`,
      [bookId, idea, readers],
    )
}
