// k6 load test: readers' traffic across the split stack's load balancer (scripts/stack.sh), a realistic mix, for
// load-tests/stack-faults.sh, which injects the faults while it runs (issue 50):
//
//   BASE_URL=http://127.0.0.1:8080 load-tests/run.sh stack-faults.js --out json=k6.json
//
// Each visit is one of: an idea search (three ideas from a pool readers share), a keyword search, a book's page
// (the server-rendered HTML), or a batch of events as a page flushes them (plays and clicks, ids made here).
// Tunables (env): DURATION (220s), RATE (visits a second, 10), BATCH (events per POST /events, 10), and the shares
// IDEA_SHARE (0.35), KEYWORD_SHARE (0.15), PAGE_SHARE (0.25); the rest are event batches. Thresholds: under 1 %
// failed requests over the whole run (faults included) and the p95 of each kind under P95_MS (2000: the machine is
// shared; the per-window figures are what the fault table reports).
import http from 'k6/http'
import { check } from 'k6'
import { Counter } from 'k6/metrics'
import { API, BASE_URL, positiveInt } from './lib/env.js'
import { passMarks } from './lib/scenarios.js'
import { approvedTitles } from './lib/titles.js'

const RATE = positiveInt(__ENV.RATE, 10)
const BATCH = Math.min(100, positiveInt(__ENV.BATCH, 10))
const P95_MS = positiveInt(__ENV.P95_MS, 2000)
const share = (/** @type {string | undefined} */ v, /** @type {number} */ d) => {
  const n = Number.parseFloat(v || '')
  return Number.isFinite(n) && n >= 0 ? n : d
}
const IDEA = share(__ENV.IDEA_SHARE, 0.35)
const KEYWORD = share(__ENV.KEYWORD_SHARE, 0.15)
const PAGE = share(__ENV.PAGE_SHARE, 0.25)
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

/** Events the api accepted (202, `accepted`): compared with the events stored in ClickHouse after the run. */
const accepted = new Counter('events_accepted')

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    readers: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: __ENV.DURATION || '220s',
      preAllocatedVUs: Math.max(8, RATE),
      maxVUs: RATE * 6,
    },
  },
  thresholds: passMarks({ idea: P95_MS, keyword: P95_MS, page: P95_MS, events: P95_MS }),
}

const IDEAS = [
  ['a whale hunt at sea', 'a captain obsessed with revenge', 'life aboard a whaling ship'],
  [
    'a proud rich man and a clever young woman',
    'first impressions are wrong',
    'marriage and money in England',
  ],
  ['a scientist builds a creature', 'the monster wants a companion', 'playing god goes wrong'],
  ['a detective solves crimes in London', 'a loyal doctor friend', 'deduction from small clues'],
  ['a boy floats down a great river', 'a runaway slave as his friend', 'growing up in the American South'],
]
const WORDS = [
  'whale',
  'love',
  'war',
  'monster',
  'island',
  'detective',
  'ghost',
  'captain',
  'river',
  'murder',
]
const TYPES = ['play', 'description_click', 'purchase_click', 'profile_click']
const pick = (/** @type {any[]} */ a) => a[Math.floor(Math.random() * a.length)]

function uuid() {
  if (globalThis.crypto && typeof globalThis.crypto.randomUUID === 'function') return crypto.randomUUID()
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16)
  })
}

export function setup() {
  return { ids: approvedTitles().map((t) => t._id) }
}

/** @param {{ ids: string[] }} data */
export default function (data) {
  const params = (/** @type {string} */ name) => ({
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
    tags: { name },
  })
  const roll = Math.random()
  if (roll < IDEA) {
    const [a, b, c] = pick(IDEAS)
    const q = `firstField=${encodeURIComponent(a)}&secondField=${encodeURIComponent(b)}&thirdField=${encodeURIComponent(c)}`
    check(http.get(`${API}/search/podcast?${q}`, params('idea')), { 'idea 200': (r) => r.status === 200 })
  } else if (roll < IDEA + KEYWORD) {
    const r = http.get(`${API}/search/podcast/surface?query=${pick(WORDS)}`, params('keyword'))
    check(r, { 'keyword 200': (res) => res.status === 200 })
  } else if (roll < IDEA + KEYWORD + PAGE) {
    const r = http.get(`${BASE_URL}/single-book/${pick(data.ids)}`, params('page'))
    check(r, { 'page 200': (res) => res.status === 200 })
  } else {
    const events = Array.from({ length: BATCH }, () => ({
      id: uuid(),
      type: pick(TYPES),
      podcastId: pick(data.ids),
    }))
    const r = http.post(`${API}/events`, JSON.stringify({ events }), params('events'))
    let n = 0
    try {
      n = r.status === 202 ? Number(r.json('data.accepted')) : 0
    } catch {
      n = 0
    }
    accepted.add(n)
    check(r, { 'events 202': (res) => res.status === 202 })
  }
}
