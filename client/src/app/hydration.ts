import type { DehydratedState } from '@tanstack/react-query'
import { matchRoutes, type HydrationState, type Location, type RouteObject } from 'react-router-dom'

/** Written by the server render (entry-server.tsx) into <script id="ssr-state" type="application/json">. */
export interface ServerState {
  queries: DehydratedState
  router: HydrationState
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** The server's state, or null when the page was not server-rendered (the app shell, a 404, vite dev). */
export function readServerState(doc: Document): ServerState | null {
  const text = doc.getElementById('ssr-state')?.textContent
  if (!text) return null
  try {
    const parsed: unknown = JSON.parse(text)
    return isRecord(parsed) && isRecord(parsed.queries) && isRecord(parsed.router)
      ? (parsed as unknown as ServerState)
      : null
  } catch {
    return null
  }
}

/**
 * Loads the lazy route modules of the current address before hydrating, so the first browser render is the page
 * the server rendered, not a loading fallback (react-router's advice for lazy routes with server rendering).
 */
export async function resolveLazyRoutes(routes: RouteObject[], location: Pick<Location, 'pathname'>) {
  const matches = matchRoutes(routes, location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
}
