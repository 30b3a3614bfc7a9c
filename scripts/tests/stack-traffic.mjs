// Readers' traffic through the split stack's load balancer, for scripts/tests/stack.test.sh:
//
//   node scripts/tests/stack-traffic.mjs BASE_URL SECONDS OUT.json
//
// LANES loops (default 4) run for SECONDS, each sending in turn a batch of EVENTS events (POST /api/v1/events, a
// browser's User-Agent, ids made here) and a keyword search. A request that fails (no answer, or 5xx) is sent again
// as a browser does, the same body with the same event ids, up to 5 times: what the api accepted is then counted
// once however often it came. Writes { accepted: [event ids], requests: [{ at, kind, status, servedBy, attempt }] }
// where `at` is when the attempt was sent (milliseconds since 1970) and `servedBy` the replica HAProxy names (X-Served-By).
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'

const [base, seconds, out] = process.argv.slice(2)
if (!base || !seconds || !out) {
  console.error('usage: node stack-traffic.mjs BASE_URL SECONDS OUT.json')
  process.exit(2)
}
const LANES = Number(process.env.LANES ?? 4)
const EVENTS = Number(process.env.EVENTS ?? 10)
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const WORDS = ['whale', 'love', 'war', 'monster', 'island', 'detective', 'ghost', 'captain']
const TYPES = ['play', 'description_click', 'purchase_click', 'profile_click']

const started = Date.now()
const requests = []
const accepted = []

const titles = await fetch(`${base}/api/v1/get/all/podcasts?page=1&limit=50`).then((r) => r.json())
const bookIds = (titles.data ?? []).map((t) => t._id)
if (bookIds.length === 0) {
  console.error(`no approved books at ${base}`)
  process.exit(1)
}
const pick = (a) => a[Math.floor(Math.random() * a.length)]

/** One request, sent again on failure; answers the last response (or null when none came). */
async function send(kind, url, init) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const at = Date.now()
    let res = null
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
    } catch {
      res = null
    }
    const status = res?.status ?? 0
    requests.push({ at, kind, status, servedBy: res?.headers.get('x-served-by') ?? null, attempt })
    if (res && status < 500) return res
    await new Promise((r) => setTimeout(r, 200))
  }
  return null
}

async function lane(deadline) {
  while (Date.now() < deadline) {
    const events = Array.from({ length: EVENTS }, () => ({
      id: randomUUID(),
      type: pick(TYPES),
      podcastId: pick(bookIds),
    }))
    const res = await send('events', `${base}/api/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
      body: JSON.stringify({ events }),
    })
    if (res?.status === 202) {
      const body = await res.json()
      if (body.data.accepted === events.length) accepted.push(...body.data.ids)
    } else if (res) await res.arrayBuffer()
    const search = await send('search', `${base}/api/v1/search/podcast/surface?query=${pick(WORDS)}`, {
      headers: { 'user-agent': BROWSER },
    })
    if (search) await search.arrayBuffer()
  }
}

const deadline = started + Number(seconds) * 1000
await Promise.all(Array.from({ length: LANES }, () => lane(deadline)))
writeFileSync(out, JSON.stringify({ accepted, requests }))
console.log(`sent ${requests.length} requests, ${accepted.length} events accepted`)
