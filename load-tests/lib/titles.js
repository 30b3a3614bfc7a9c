// The catalogue a load test visits: the approved titles, read once in setup().
import http from 'k6/http'
import { fail } from 'k6'
import { API } from './env.js'

/**
 * The first 50 approved titles as GET /get/all/podcasts lists them (each with its episodes). Fails the run when
 * there are none, since every visit needs a title.
 * @returns {{ _id: string, episodes?: { _id: string, fileUrl?: string }[] }[]}
 */
export function approvedTitles() {
  const res = http.get(`${API}/get/all/podcasts?page=1&limit=50`)
  const titles = res.status === 200 ? res.json('data') : null
  if (!Array.isArray(titles) || titles.length === 0)
    fail(`no approved titles at ${API} (run npm run demo first)`)
  return titles
}
