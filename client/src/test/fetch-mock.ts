import { vi } from 'vitest'

/** One request as the fake server saw it. */
export interface RecordedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: Record<string, string>
  body: unknown
}

export interface FakeResponse {
  status?: number
  body: unknown
}

export const ok = (data: unknown, message = 'OK'): FakeResponse => ({
  status: 200,
  body: { success: true, message, data },
})
export const fail = (status: number, code: string, message: string, data: unknown = null): FakeResponse => ({
  status,
  body: { success: false, code, message, data },
})

/**
 * Replaces the browser's fetch with a fake API server (the network boundary; our own modules run for
 * real). The handler receives each request with the /api/v1 prefix removed; every request is recorded.
 */
export function installFakeApi(handler: (req: RecordedRequest) => FakeResponse | Promise<FakeResponse>) {
  const requests: RecordedRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost')
    const headers: Record<string, string> = {}
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value
    })
    const rawBody = init?.body
    const req: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: url.searchParams,
      headers,
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody,
    }
    requests.push(req)
    const res = await handler(req)
    return new Response(JSON.stringify(res.body), {
      status: res.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { requests, fetchMock }
}
