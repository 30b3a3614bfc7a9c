import type { App } from '../app.js'

/**
 * `call(method, url, token?, payload?)` against the app in-process (app.inject) under /api/v1, answering the status
 * and the parsed body. Takes the app through a getter because test files build it in `beforeAll`.
 */
export function injectCall(app: () => App) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    app()
      .inject({
        method,
        url: `/api/v1${url}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload !== undefined ? { payload: payload as object } : {}),
      })
      .then((r) => ({ status: r.statusCode, body: r.json() }))
}
