// What every load test reads from its environment: where the API is, and numeric tunables.

/** The API's origin (BASE_URL, default the local app), without a trailing slash. */
export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '')
/** The versioned API root every call goes to. */
export const API = `${BASE_URL}/api/v1`

/**
 * A positive whole number from the environment, or `fallback` when it is unset or not one.
 * @param {string | undefined} v @param {number} fallback
 */
export const positiveInt = (v, fallback) => {
  const n = Number.parseInt(v || '', 10)
  return Number.isFinite(n) && n > 0 ? n : fallback
}
