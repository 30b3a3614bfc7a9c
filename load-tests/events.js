// k6 load test: anonymous readers' browsers reporting what they do — a batch of plays, listening and clicks
// (POST /events, as a page flushes what it collected) and the spec's single calls (/track-audio-play,
// /track-listening, /track-description-click, /track-purchase-click, /track-profile-click, PUT /increment/values).
//
//   EVENTS_RATE_LIMIT_ANON=1000000 npm start        # k6 sends from one address: raise the per-IP limit
//   BASE_URL=http://127.0.0.1:3000 load-tests/run.sh events.js
//
// Needs approved titles (`npm run demo` imports them). Every request carries a browser's User-Agent (events from
// bots are answered 202 and dropped unseen) and an anonymous id per reader, and every event an id made here, as
// the client does, so a retried request counts once. Tunables (env): DURATION (30s), RATE (readers' visits per
// second, 20), BATCH (events per POST /events, 20, at most 100), P95_MS (300).
import http from 'k6/http'
import { check } from 'k6'
import { Counter } from 'k6/metrics'
import { API, positiveInt } from './lib/env.js'
import { passMarks, visitsAtRate } from './lib/scenarios.js'
import { approvedTitles } from './lib/titles.js'

const RATE = positiveInt(__ENV.RATE, 20)
const BATCH = Math.min(100, positiveInt(__ENV.BATCH, 20))
const P95_MS = positiveInt(__ENV.P95_MS, 300)
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

/** Events the api accepted (202, `accepted` of the answer): compare with the counts in the analytics panels. */
const accepted = new Counter('events_accepted')

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: { readers: visitsAtRate(RATE) },
  thresholds: passMarks({ batch: P95_MS, single: P95_MS }),
}

/** A random UUID (k6's Web Crypto when present). */
function uuid() {
  if (globalThis.crypto && typeof globalThis.crypto.randomUUID === 'function') return crypto.randomUUID()
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16)
  })
}

const pick = (/** @type {any[]} */ a) => a[Math.floor(Math.random() * a.length)]

/** The approved titles (with their first podblurb, when they have one), read once. */
export function setup() {
  return {
    titles: approvedTitles().map((t) => ({ podcastId: t._id, episodeId: t.episodes?.[0]?._id })),
  }
}

/** One event of a reader's page: mostly plays and listening, some clicks. */
function randomEvent(/** @type {{ podcastId: string, episodeId?: string }} */ title) {
  const base = {
    id: uuid(),
    podcastId: title.podcastId,
    ...(title.episodeId ? { episodeId: title.episodeId } : {}),
  }
  const roll = Math.random()
  if (roll < 0.4) return { ...base, type: 'play' }
  if (roll < 0.8) return { ...base, type: 'listening', seconds: 1 + Math.floor(Math.random() * 60) }
  if (roll < 0.9) return { ...base, type: 'description_click' }
  if (roll < 0.95) return { ...base, type: 'purchase_click' }
  return { ...base, type: 'profile_click' }
}

/** @param {import('k6/http').RefinedResponse<any>} r */
const acceptedOf = (r) => {
  try {
    return r.status === 202 ? Number(r.json('data.accepted')) : 0
  } catch {
    return 0
  }
}

/** @param {{ titles: { podcastId: string, episodeId?: string }[] }} data */
export default function (data) {
  const anonymousId = uuid()
  const params = (/** @type {string} */ name) => ({
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER, 'x-anonymous-id': anonymousId },
    tags: { name },
  })

  const events = Array.from({ length: BATCH }, () => randomEvent(pick(data.titles)))
  const batch = http.post(`${API}/events`, JSON.stringify({ events }), params('batch'))
  check(batch, { 'batch 202, all accepted': (r) => acceptedOf(r) === BATCH })
  accepted.add(acceptedOf(batch))

  const title = pick(data.titles)
  const who = {
    id: uuid(),
    podcastId: title.podcastId,
    ...(title.episodeId ? { episodeId: title.episodeId } : {}),
  }
  const roll = Math.random()
  const single =
    roll < 0.4
      ? http.post(`${API}/track-audio-play`, JSON.stringify(who), params('single'))
      : roll < 0.7
        ? http.post(
            `${API}/track-listening`,
            JSON.stringify({ ...who, listeningHours: 30 }),
            params('single'),
          )
        : roll < 0.8
          ? http.post(`${API}/track-description-click`, JSON.stringify(who), params('single'))
          : roll < 0.85
            ? http.post(`${API}/track-purchase-click`, JSON.stringify(who), params('single'))
            : roll < 0.9
              ? http.post(`${API}/track-profile-click`, JSON.stringify(who), params('single'))
              : http.put(
                  `${API}/increment/values?podcastId=${title.podcastId}${title.episodeId ? `&episodeId=${title.episodeId}` : ''}`,
                  JSON.stringify({ shares: 1, id: who.id }),
                  params('single'),
                )
  check(single, { 'single 202, accepted': (r) => acceptedOf(r) === 1 })
  accepted.add(acceptedOf(single))
}
