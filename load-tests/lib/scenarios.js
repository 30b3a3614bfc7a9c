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
