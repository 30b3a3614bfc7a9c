import { inject, onTestFinished, vi } from 'vitest'
import { freePort } from './api-server'
import { outboxCode } from './outbox'

/*
 * The real API started by global-setup.ts, as the tests see it. Nothing here answers for the server: every
 * request below reaches it.
 */

declare global {
  // vitest's jsdom environment exposes its JSDOM instance as `jsdom`.
  var jsdom: { reconfigure(settings: { url?: string }): void }
}

export const apiBaseUrl = inject('apiBaseUrl')
const dataDir = inject('apiDataDir')

/**
 * How long to wait for the UI to show a server's answer (findBy*, waitFor; setup.ts makes it the
 * testing-library default). Answers take a few milliseconds, but test files run in parallel on two cores.
 */
export const SERVER_WAIT = { timeout: 5_000 }

/** Node's fetch, as it was before setup.ts resolved relative URLs for it. */
const networkFetch = globalThis.fetch

/**
 * Node's fetch (which jsdom tests use) has no document to resolve `/api/v1/...` against. This resolves
 * relative URLs against jsdom's location, as a browser does, and sends the request unchanged to the real
 * server. (Request also turns jsdom's FormData and Blob bodies into ones Node's fetch can send.)
 */
export function resolveRelativeFetchUrls(): void {
  globalThis.fetch = (input, init) =>
    networkFetch(input instanceof Request ? input : new Request(new URL(input, location.href), init))
}

/** jsdom's location: the API's origin, so relative /api/v1 requests are same-origin requests to it. */
export function pointJsdomAtApi(): void {
  if (location.origin !== apiBaseUrl) jsdom.reconfigure({ url: `${apiBaseUrl}/` })
}

/**
 * Moves jsdom to an origin where nothing listens, so every API call fails as it does when the server is down
 * (a real connection refusal, not a stubbed fetch). setup.ts moves it back after each test.
 */
export async function makeServerUnreachable(): Promise<void> {
  jsdom.reconfigure({ url: `http://127.0.0.1:${await freePort()}/` })
}

/** The code of the newest mail to `email`, once at least `mails` mails have arrived for it. */
export const readCode = (email: string, mails = 1) => outboxCode(dataDir, email, { mails })

export interface ApiAnswer {
  status: number
  body: { success: boolean; message: string; code?: string; data: any }
}

/** One call straight to the API (not through the client), to arrange data or check the server's state. */
export async function callApi(
  path: string,
  { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await networkFetch(`${apiBaseUrl}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as ApiAnswer['body'] }
}

/** Whether the server still accepts a session token. */
export const sessionIsLive = async (token: string) =>
  (await callApi('/refresh-token/user', { method: 'POST', body: { token } })).status === 200

/** A request the client sent, as it left the browser. */
export interface SentRequest {
  method: string
  /** Without the /api/v1 prefix. */
  path: string
  query: URLSearchParams
  headers: Record<string, string>
  body: unknown
}

/**
 * Watches what the client sends, for assertions the server cannot show (headers, "nothing was sent"). The
 * spy passes every call through to the real fetch, so every request still reaches the real server. Stops at
 * the end of the test.
 */
export function watchRequests(): { readonly requests: SentRequest[]; settled(): Promise<void> } {
  const spy = vi.spyOn(globalThis, 'fetch')
  onTestFinished(() => spy.mockRestore())
  return {
    /** Resolves once every request sent so far has its answer (or its network error). */
    async settled() {
      await Promise.allSettled(spy.mock.results.map((r) => r.value))
    },
    get requests() {
      return spy.mock.calls.map(([input, init]): SentRequest => {
        const url = new URL(input instanceof Request ? input.url : input, location.href)
        const headers: Record<string, string> = {}
        new Headers(init?.headers).forEach((value, key) => {
          headers[key] = value
        })
        const raw = init?.body
        return {
          method: init?.method ?? 'GET',
          path: url.pathname.replace(/^\/api\/v1/, ''),
          query: url.searchParams,
          headers,
          body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
        }
      })
    },
  }
}

/** The `[page, limit]` of each request sent to `path`, in the order sent (infinite lists ask page by page). */
export const pagesAsked = (sent: { readonly requests: SentRequest[] }, path: string) =>
  sent.requests.filter((r) => r.path === path).map((r) => [r.query.get('page'), r.query.get('limit')])
