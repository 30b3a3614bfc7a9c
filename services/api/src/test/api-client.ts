import type { App } from '../app.js'

let ipCounter = 0
/** A distinct client address, so per-IP limits of one test do not spill into the next. */
export const nextIp = () => {
  ipCounter += 1
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`
}

export interface Answer<T = unknown> {
  status: number
  /** the envelope; paged answers also carry total, totalPages, currentPage and pageSize */
  body: { success: boolean; code?: string; message: string; data: T; total?: number; totalPages?: number }
  headers: Record<string, unknown>
}

/** Calls the app in-process over its real HTTP stack (app.inject), as one client with one address. */
export function client(app: App, ip = nextIp()) {
  async function call<T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      payload: opts.body as object | undefined,
      headers,
      remoteAddress: ip,
    })
    return { status: res.statusCode, body: res.json(), headers: res.headers }
  }
  return {
    get: <T = any>(url: string, opts?: { token?: string; headers?: Record<string, string> }) =>
      call<T>('GET', url, opts),
    post: <T = any>(
      url: string,
      body?: unknown,
      opts?: { token?: string; headers?: Record<string, string> },
    ) => call<T>('POST', url, { ...opts, body }),
    put: <T = any>(
      url: string,
      body?: unknown,
      opts?: { token?: string; headers?: Record<string, string> },
    ) => call<T>('PUT', url, { ...opts, body }),
    delete: <T = any>(url: string, opts?: { token?: string; headers?: Record<string, string> }) =>
      call<T>('DELETE', url, opts),
  }
}
