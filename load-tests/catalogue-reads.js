// k6 load test: what an anonymous visitor's browser asks of the catalogue — the home page list, a page
// of titles, one title, and a seek in its podblurb (an HTTP Range request).
//
//   BASE_URL=http://127.0.0.1:3000 load-tests/run.sh catalogue-reads.js
//
// Needs a catalogue with approved titles (`npm run demo` imports one). Tunables (env): DURATION (30s),
// RATE (visits per second, 20), P95_MS (300).
import http from 'k6/http'
import { check } from 'k6'
import { API, BASE_URL, positiveInt } from './lib/env.js'
import { passMarks, visitsAtRate } from './lib/scenarios.js'
import { approvedTitles } from './lib/titles.js'

const RATE = positiveInt(__ENV.RATE, 20)
const P95_MS = positiveInt(__ENV.P95_MS, 300)

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: { visit: visitsAtRate(RATE) },
  thresholds: passMarks({ home: P95_MS, list: P95_MS, single: P95_MS }),
}

/** The approved titles to visit, read once. */
export function setup() {
  const titles = approvedTitles()
  return {
    ids: titles.map((t) => t._id),
    audio: titles.map((t) => t.episodes?.[0]?.fileUrl).filter(Boolean),
  }
}

/** @param {{ ids: string[], audio: string[] }} data */
export default function (data) {
  const home = http.get(`${API}/home/page?page=1&limit=20`, { tags: { name: 'home' } })
  check(home, { 'home 200': (r) => r.status === 200 })
  const page = 1 + Math.floor(Math.random() * 5)
  const list = http.get(`${API}/get/all/podcasts?page=${page}&limit=10`, { tags: { name: 'list' } })
  check(list, { 'list 200': (r) => r.status === 200 })
  const id = data.ids[Math.floor(Math.random() * data.ids.length)]
  const single = http.get(`${API}/get/Single/Podcast?PodcastId=${id}`, { tags: { name: 'single' } })
  check(single, { 'single 200': (r) => r.status === 200 })
  if (data.audio.length > 0) {
    const url = data.audio[Math.floor(Math.random() * data.audio.length)]
    const seek = http.get(`${BASE_URL}${url}`, {
      headers: { Range: 'bytes=1000-1999' },
      responseType: 'binary',
      tags: { name: 'seek' },
    })
    check(seek, { 'seek 206 with the asked bytes': (r) => r.status === 206 && r.body.byteLength === 1000 })
  }
}
