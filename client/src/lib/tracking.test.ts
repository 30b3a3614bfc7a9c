import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addBook, addEpisode, createAccount, type Account } from '@/test/factories'
import { closeEventQueue, queuedEvents } from '@/test/events'
import { watchRequests } from '@/test/server'
import {
  trackDescriptionClick,
  trackListening,
  trackPlay,
  trackProfileClick,
  trackPurchaseClick,
  trackShare,
} from './tracking'

// Reports sent to the real API (src/test/global-setup.ts); what it accepted is read back from its ingest queue.

let owner: Account
beforeAll(async () => {
  owner = await createAccount({ role: 'author' })
})
afterAll(closeEventQueue)

async function title(duration = 90) {
  const bookId = await addBook(owner.id, { title: 'Tracked title' })
  const episodeId = await addEpisode(bookId, { duration })
  return { bookId, episodeId }
}

describe('tracking', () => {
  it("a visitor's reports carry no id of the browser's: the server makes one visitor of them", async () => {
    const target = await title()
    const sent = watchRequests()
    expect(await trackPlay(target)).toBe(true)
    expect(await trackPurchaseClick(target)).toBe(true)
    expect(localStorage.getItem('anonymousId')).toBeNull()
    expect(sent.requests.map((r) => r.headers['x-anonymous-id'])).toEqual([undefined, undefined])
    const events = await queuedEvents(target.bookId)
    // The server's visitor id: the day's salted hash of the address and agent, one for both reports.
    const visitor = events[0]?.anonymousId
    expect(visitor).toMatch(/^[0-9a-f]{20}-[0-3]$/)
    expect(events.map((e) => [e.type, e.anonymousId, e.userId, e.episodeId]).sort()).toEqual([
      ['play', visitor, null, target.episodeId],
      ['purchase_click', visitor, null, target.episodeId],
    ])
  })

  it("a signed-in reader's reports are the account's (no anonymous id sent)", async () => {
    const reader = await createAccount()
    localStorage.setItem('token', reader.token)
    const target = await title()
    const sent = watchRequests()
    expect(await trackProfileClick(target)).toBe(true)
    expect(sent.requests[0]?.headers['x-anonymous-id']).toBeUndefined()
    const events = await queuedEvents(target.bookId)
    expect(events.map((e) => [e.type, e.userId, e.anonymousId])).toEqual([['profile_click', reader.id, null]])
  })

  it('a description click counts once per title and podblurb per browser (descriptionClickedBooks)', async () => {
    const target = await title()
    expect(await trackDescriptionClick(target)).toBe(true)
    expect(await trackDescriptionClick(target)).toBe(false)
    expect(JSON.parse(localStorage.getItem('descriptionClickedBooks') ?? '[]')).toEqual([
      `${target.bookId}_${target.episodeId}`,
    ])
    const events = await queuedEvents(target.bookId)
    expect(events.map((e) => e.type)).toEqual(['description_click'])
  })

  it('a description click the server refused is forgotten, so a later click can still count', async () => {
    // An unknown title: the server answers 404 and queues nothing.
    const target = { bookId: 'ffffffffffffffffffffffff' }
    expect(await trackDescriptionClick(target)).toBe(false)
    expect(JSON.parse(localStorage.getItem('descriptionClickedBooks') ?? '[]')).toEqual([])
  })

  it('listening is sent as whole seconds in listeningHours; nothing is sent for 0 s', async () => {
    const target = await title(30)
    const sent = watchRequests()
    expect(await trackListening(target, 0.4)).toBe(true)
    expect(sent.requests).toHaveLength(0)
    expect(await trackListening(target, 12.7)).toBe(true)
    expect(sent.requests[0]?.body).toEqual({
      podcastId: target.bookId,
      episodeId: target.episodeId,
      listeningHours: 12,
    })
    const events = await queuedEvents(target.bookId)
    expect(events.map((e) => [e.type, e.listening?.seconds, e.listening?.clipSeconds])).toEqual([
      ['listening', 12, 30],
    ])
  })

  it('a share is PUT /increment/values with { shares: 1 }', async () => {
    const target = await title()
    const sent = watchRequests()
    expect(await trackShare(target)).toBe(true)
    expect(sent.requests[0]).toMatchObject({ method: 'PUT', path: '/increment/values', body: { shares: 1 } })
    expect(sent.requests[0]?.query.get('podcastId')).toBe(target.bookId)
    const events = await queuedEvents(target.bookId)
    expect(events.map((e) => e.type)).toEqual(['share'])
  })
})
