import { randomUUID } from 'node:crypto'
import { holdPlan as seedPlan, seedAgreedIdeas, seedBook, seedPodblurb } from '@bookstrut/api/testing'
import { expect } from 'vitest'
import { createAccount, shelve, testDb } from '@/test/factories'
import { callApi } from '@/test/server'

/*
 * Arranging analytics for the panel's tests on the real API (src/test/global-setup.ts): titles with ideas and a
 * podblurb, plans, and real events sent to POST /api/v1/events, then waited for until the API counts them.
 */

/** A membership of the named plan (seeded by the API's migrations), current for a year. */
export const holdPlan = (userId: string, planName: string) => seedPlan(testDb(), userId, planName)

/** A listing with its three ideas and a podblurb of `clipSeconds` (listening is capped by it). */
export async function addBookWithClip(
  ownerId: string,
  opts: { title: string; ideas: [string, string, string]; status?: 0 | 1 | 2; clipSeconds?: number },
): Promise<{ bookId: string; episodeId: string }> {
  const bookId = await seedBook(testDb(), ownerId, {
    title: opts.title,
    ideas: opts.ideas,
    status: opts.status,
  })
  const episodeId = await seedPodblurb(testDb(), bookId, { duration: opts.clipSeconds ?? 300 })
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

/** A new reader puts the book on their Want to read shelf (PUT /library/shelf queues its event). */
export const wantToRead = async (bookId: string) => shelve(await createAccount(), bookId, 'want_to_read')

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
export const addAgreedIdeas = (bookId: string, ideas: { idea: string; readers: number }[]) =>
  seedAgreedIdeas(testDb(), bookId, ideas)
