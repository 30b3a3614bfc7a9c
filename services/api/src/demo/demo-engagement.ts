import { createHash } from 'node:crypto'
import { LISTENER_WINDOW_SECONDS, STRONG_MATCH_SCORE } from '@bookstrut/analytics'
import type { AnalyticsEvent } from '@bookstrut/schemas'

/*
 * The demo's engagement (issue 48): what anonymous readers did with the demo author's listing over the past weeks,
 * as the events the server itself would have made (idea-search impressions, plays, listening, clicks, shares), to
 * be queued on the ingest queue like any others. It honours the counting rules (analytics counting-rules.ts) so
 * that the figures the author sees are the ones the events mean: each visit is one reader in a half-hour window of
 * its own, listening never exceeds the clip, and every event id is derived from the seed, so queueing the same
 * demo again (a second `npm run demo`) stores nothing twice.
 */

export interface DemoEngagementInput {
  bookId: string
  episodeId: string | null
  clipSeconds: number
  /** the book's own ideas: readers' ideas that match them strongly become its Idea Hits */
  ideas: readonly string[]
  now: Date
  /** how far back the visits go */
  days: number
  /** how many distinct anonymous readers the visits come from */
  visitors: number
  /** names the demo: the same seed gives the same events (and ids) */
  seed: string
}

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const WINDOW_MS = LISTENER_WINDOW_SECONDS * 1000

/** A UUID (version 5 layout) named by `name`: the same name always gives the same event id. */
export function namedEventId(name: string): string {
  const h = createHash('sha1').update(`bookstrut:demo:${name}`).digest()
  h[6] = (h[6]! & 0x0f) | 0x50
  h[8] = (h[8]! & 0x3f) | 0x80
  const x = h.subarray(0, 16).toString('hex')
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`
}

/** A small seeded generator (mulberry32): the demo is the same on every machine. */
function random(seed: string): () => number {
  let a = createHash('sha1').update(seed).digest().readUInt32LE(0)
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const hex = (text: string, length: number) => createHash('sha1').update(text).digest('hex').slice(0, length)

/** A reader's idea as typed: a part of one of the book's ideas (its content words in another order is not needed). */
const readerIdea = (idea: string, pick: number) => {
  const words = idea.split(/\s+/).filter(Boolean)
  const start = Math.floor(pick * Math.max(1, words.length - 3))
  return words.slice(start, start + 4).join(' ') || idea
}

/** Other ideas readers typed beside the matching one (weaker matches, as in a real search). */
const OTHER_IDEAS = [
  'a quiet story about grief and the sea',
  'letters between two strangers',
  'a detective who hates mysteries',
  'found family on a long journey',
  'an old house that remembers',
  'a rivalry that turns into friendship',
]

/**
 * The events of anonymous readers (a pool of `visitors`) on each of the past `days` UTC days up to an hour ago.
 * Each day's visits come from a generator seeded by the seed and the date alone, so a later run makes the same
 * events for the days both cover (the same ids: stored once) and adds only the new hours. Each visit is one reader
 * in a half-hour window of its own: an idea-search impression (one of the reader's ideas a strong match for one of
 * the book's), then often a play with listening up to the clip's length, sometimes a description click, a Get This
 * click or a share. Sorted by time.
 */
export function demoEngagement(input: DemoEngagementInput): AnalyticsEvent[] {
  const events: AnalyticsEvent[] = []
  const until = input.now.getTime() - HOUR_MS
  const today = Math.floor(input.now.getTime() / DAY_MS)
  const windowsPerDay = DAY_MS / WINDOW_MS
  for (let d = today - input.days; d <= today; d++) {
    const date = new Date(d * DAY_MS).toISOString().slice(0, 10)
    const next = random(`${input.seed}:${date}`)
    const visits = 4 + Math.floor(next() * 7)
    const used = new Set<string>()
    for (let k = 0; k < visits; k++) {
      const v = Math.floor(next() * input.visitors)
      const window = d * windowsPerDay + Math.floor(next() * windowsPerDay)
      const start = window * WINDOW_MS + Math.floor(next() * 60_000)
      // Drawn whether or not the visit is kept, so that the day's later visits stay the same.
      const draws = Array.from({ length: 12 }, () => next())
      if (start + 600_000 > until || used.has(`${v}:${window}`)) continue
      used.add(`${v}:${window}`)
      events.push(...visit(input, v, window, start, draws))
    }
  }
  return events.sort((a, b) => a.ts.localeCompare(b.ts))
}

/** One reader's visit in its window, decided by the draws (numbers in [0, 1)). */
function visit(
  input: DemoEngagementInput,
  v: number,
  window: number,
  start: number,
  [
    pickIdea = 0,
    score = 0,
    rank = 0,
    other1 = 0,
    other2 = 0,
    play = 0,
    listened = 0,
    part = 0,
    describe = 0,
    buy = 0,
    share = 0,
  ]: number[],
): AnalyticsEvent[] {
  const at = (offsetMs: number) => new Date(start + offsetMs).toISOString()
  const name = (type: string) => `${input.seed}:${input.bookId}:${v}:${window}:${type}`
  const base = {
    podcastId: input.bookId,
    userId: null,
    anonymousId: `demoreader${hex(`${input.seed}:${v}`, 10)}-1`,
  }
  const idea = input.ideas[Math.floor(pickIdea * input.ideas.length)] ?? ''
  const events: AnalyticsEvent[] = [
    {
      ...base,
      id: namedEventId(name('impression')),
      type: 'impression',
      ts: at(0),
      episodeId: null,
      search: {
        mode: 'idea',
        rank: 1 + Math.floor(rank * 8),
        scores: [
          STRONG_MATCH_SCORE + Math.round(score * (98 - STRONG_MATCH_SCORE)),
          30 + Math.round(other1 * 30),
          25 + Math.round(other2 * 30),
          0,
        ],
        query: [
          readerIdea(idea, part),
          OTHER_IDEAS[v % OTHER_IDEAS.length]!,
          OTHER_IDEAS[(v + 2) % OTHER_IDEAS.length]!,
        ],
      },
    },
  ]
  const engaged = { ...base, episodeId: input.episodeId, network: hex(`${input.seed}:network:${v % 17}`, 16) }
  if (input.episodeId && play < 0.55) {
    const seconds = Math.round(input.clipSeconds * (0.3 + 0.7 * listened))
    events.push(
      { ...engaged, id: namedEventId(name('play')), type: 'play', ts: at(20_000) },
      {
        ...engaged,
        id: namedEventId(name('listening')),
        type: 'listening',
        ts: at(20_000 + seconds * 1000),
        listening: { seconds, clipSeconds: input.clipSeconds },
      },
    )
  }
  if (describe < 0.25)
    events.push({
      ...engaged,
      id: namedEventId(name('description')),
      type: 'description_click',
      ts: at(40_000),
    })
  if (buy < 0.12)
    events.push({ ...engaged, id: namedEventId(name('purchase')), type: 'purchase_click', ts: at(400_000) })
  if (share < 0.06)
    events.push({ ...engaged, id: namedEventId(name('share')), type: 'share', ts: at(410_000) })
  return events
}
