import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * The shape of the client's server-render bundle (client/src/entry-server.tsx, built into client/dist-server by
 * `npm run build -w client`). The api never imports client code at compile time: it loads the built bundle.
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>
export type RenderResult =
  | { kind: 'page'; status: 200; head: string; html: string; state: unknown }
  | { kind: 'not-found'; status: 404; head: string; html: string }
  | { kind: 'shell' }
export interface PageBundle {
  render(req: { url: string; origin: string; transport: ApiTransport }): Promise<RenderResult>
}

/** client/dist-server beside client/dist (CLIENT_DIST). */
export const bundlePathOf = (clientDist: string) =>
  path.join(path.dirname(clientDist), 'dist-server', 'entry-server.js')

/** The bundle, or null when the client was built without it (then every page is the app shell). */
export async function loadPageBundle(clientDist: string): Promise<PageBundle | null> {
  const file = bundlePathOf(clientDist)
  if (!existsSync(file)) return null
  const mod: unknown = await import(pathToFileURL(file).href)
  const render = typeof mod === 'object' && mod !== null ? (mod as Record<string, unknown>).render : undefined
  if (typeof render !== 'function') throw new Error(`${file} exports no render function`)
  return { render: render as PageBundle['render'] }
}
