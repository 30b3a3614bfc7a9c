// Scenario shapes the load tests share.

/**
 * `rate` visits a second for DURATION (default 30s), whatever the latency: slow answers show up as latency
 * (and dropped iterations), not as a lower request rate. VUs are pre-allocated for answers of about 200 ms
 * and may grow to four times the rate.
 * @param {number} rate
 * @returns {import('k6/options').Scenario}
 */
export const visitsAtRate = (rate) => ({
  executor: 'constant-arrival-rate',
  rate,
  timeUnit: '1s',
  duration: __ENV.DURATION || '30s',
  preAllocatedVUs: Math.max(4, Math.ceil(rate / 5)),
  maxVUs: rate * 4,
})

/**
 * The pass marks of a load test: under 1 % failed requests, over 99 % passed checks, and each named request's
 * 95th percentile under its bound.
 * @param {Record<string, number>} p95ByName  milliseconds, by the request's `name` tag
 * @returns {Record<string, string[]>}
 */
export const passMarks = (p95ByName) => {
  /** @type {Record<string, string[]>} */
  const marks = { http_req_failed: ['rate<0.01'], checks: ['rate>0.99'] }
  for (const name of Object.keys(p95ByName))
    marks[`http_req_duration{name:${name}}`] = [`p(95)<${p95ByName[name]}`]
  return marks
}
