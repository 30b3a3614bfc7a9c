// k6 load test: the health probe at a constant rate, and session checks (POST /refresh-token/user)
// of one signed-in, verified account.
//
//   BASE_URL=http://127.0.0.1:3000 LOAD_EMAIL=a@b.c LOAD_PASSWORD=secret k6 run auth-and-health.js
//
// Login is rate-limited per IP and per account (30 attempts / 15 min per IP), so the script logs in
// once, in setup(), and every VU refreshes that session. Without LOAD_EMAIL/LOAD_PASSWORD only the
// health scenario runs. Tunables (env): DURATION (30s), HEALTH_RATE (50 req/s), REFRESH_RATE
// (20 req/s), HEALTH_P95_MS (200), REFRESH_P95_MS (300).
import http from 'k6/http'
import { check, fail } from 'k6'

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '')
const API = `${BASE_URL}/api/v1`
const DURATION = __ENV.DURATION || '30s'
const EMAIL = __ENV.LOAD_EMAIL || ''
const PASSWORD = __ENV.LOAD_PASSWORD || ''
const WITH_AUTH = EMAIL !== '' && PASSWORD !== ''

/** @param {string | undefined} v @param {number} fallback */
const int = (v, fallback) => {
  const n = Number.parseInt(v || '', 10)
  return Number.isFinite(n) && n > 0 ? n : fallback
}

/**
 * Arrival-rate scenario: `rate` iterations per second whatever the latency, so slow answers show
 * up as latency (and dropped iterations), not as a lower request rate.
 * @param {string} exec @param {number} rate
 */
const atRate = (exec, rate) => ({
  executor: 'constant-arrival-rate',
  exec,
  rate,
  timeUnit: '1s',
  duration: DURATION,
  preAllocatedVUs: Math.max(2, Math.ceil(rate / 10)),
  maxVUs: Math.max(10, rate * 2),
})

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    health: atRate('health', int(__ENV.HEALTH_RATE, 50)),
    ...(WITH_AUTH ? { refresh: atRate('refresh', int(__ENV.REFRESH_RATE, 20)) } : {}),
  },
  thresholds: {
    'http_req_failed{scenario:health}': ['rate<0.01'],
    'http_req_duration{scenario:health}': [`p(95)<${int(__ENV.HEALTH_P95_MS, 200)}`],
    'checks{scenario:health}': ['rate>0.99'],
    ...(WITH_AUTH
      ? {
          'http_req_failed{scenario:refresh}': ['rate<0.01'],
          'http_req_duration{scenario:refresh}': [`p(95)<${int(__ENV.REFRESH_P95_MS, 300)}`],
          'checks{scenario:refresh}': ['rate>0.99'],
        }
      : {}),
  },
}

const JSON_HEADERS = { 'Content-Type': 'application/json' }

/**
 * @param {import('k6/http').RefinedResponse<'text'>} res @param {string} path
 * @returns {unknown}
 */
const field = (res, path) => {
  try {
    return res.json(path)
  } catch {
    return undefined
  }
}

/** Logs in once for the whole run. @returns {{ token: string | null }} */
export function setup() {
  if (!WITH_AUTH) {
    console.warn('LOAD_EMAIL / LOAD_PASSWORD not set: running the health scenario only')
    return { token: null }
  }
  const res = http.post(`${API}/login-user`, JSON.stringify({ email: EMAIL, password: PASSWORD }), {
    headers: JSON_HEADERS,
    tags: { name: 'login-user' },
  })
  const token = field(res, 'data.token')
  if (res.status !== 200 || typeof token !== 'string' || token === '') {
    fail(`login as ${EMAIL} failed: HTTP ${res.status} ${String(res.body).slice(0, 300)}`)
  }
  return { token: /** @type {string} */ (token) }
}

export function health() {
  const res = http.get(`${API}/health`, { tags: { name: 'health' } })
  check(res, {
    'health: status 200': (r) => r.status === 200,
    'health: success envelope': (r) => field(r, 'success') === true,
    'health: db up': (r) => field(r, 'data.db') === 'up',
    'health: redis up': (r) => field(r, 'data.redis') === 'up',
  })
}

/** @param {{ token: string | null }} data */
export function refresh(data) {
  if (!data.token) fail('no session token from setup()')
  const res = http.post(`${API}/refresh-token/user`, JSON.stringify({ token: data.token }), {
    headers: { ...JSON_HEADERS, Authorization: `Bearer ${data.token}` },
    tags: { name: 'refresh-token' },
  })
  check(res, {
    'refresh: status 200': (r) => r.status === 200,
    'refresh: success envelope': (r) => field(r, 'success') === true,
    'refresh: not blocked': (r) => field(r, 'data.isBlocked') === false,
  })
}
