/**
 * The server render (docs/seo.md), built by `vite build --ssr` into client/dist-server and called by the api for
 * a GET of a public page: react-router's static handler matches the route, the route handles prefetch the page's
 * queries through the api's own handlers, React renders the page to HTML, and the query cache and router state go
 * into the page so the browser hydrates them (main.tsx) and takes over as the single-page app.
 */
import { StrictMode } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query'
import { AppProvider } from './app/provider'
import { NotFoundPage } from './app/not-found-page'
import { routeHandleOf } from './app/route-handle'
import { routes } from './app/router'
import { isApiError, setApiTransport, type ApiTransport } from './lib/api-client'
import { createHeadCollector, HeadContext, PageHeadTags, type PageMeta } from './lib/page-head'

export type { ApiTransport } from './lib/api-client'

/** What the browser gets beside the HTML (main.tsx reads it from #ssr-state). */
export interface SsrState {
  queries: DehydratedState
  router: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null; errors: null }
}

export type RenderResult =
  /** A rendered page: `head` goes into <head>, `html` into #root, `state` beside it. */
  | { kind: 'page'; status: 200; head: string; html: string; state: SsrState }
  /** Nothing to show at this address: the 404 page (the browser app starts afresh, no hydration). */
  | { kind: 'not-found'; status: 404; head: string; html: string }
  /** A page for signed-in users only: the plain app shell. */
  | { kind: 'shell' }

export interface RenderRequest {
  /** Path and query of the page. */
  url: string
  /** The site's public origin, for canonical and og:url addresses. */
  origin: string
  /** How API calls are answered (the api's own handlers). */
  transport: ApiTransport
}

const handler = createStaticHandler(routes)

const serverQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })

/**
 * Runs every matched route's prefetch. A 404 (or 400) answer makes the page not found; any other failure leaves that
 * query out, so the page renders its loading state there and the browser fetches it as it does today.
 */
async function prefetch(
  matches: { route: { handle?: unknown }; params: Record<string, string | undefined> }[],
  queryClient: QueryClient,
): Promise<'ok' | 'not-found'> {
  const outcomes = await Promise.allSettled(
    matches.map(async ({ route, params }) => routeHandleOf(route.handle).prefetch?.({ queryClient, params })),
  )
  // 400: the address holds an id the API refuses as malformed; either way nothing is there.
  const notFound = outcomes.some(
    (o) =>
      o.status === 'rejected' && isApiError(o.reason) && (o.reason.status === 404 || o.reason.status === 400),
  )
  if (notFound) return 'not-found'
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' })) {
    queryClient.removeQueries({ queryKey: query.queryKey, exact: true })
  }
  return 'ok'
}

const notFoundMeta: PageMeta = {
  title: 'Page not found',
  description: 'This page does not exist or is not public.',
  noindex: true,
}

export async function render({ url, origin, transport }: RenderRequest): Promise<RenderResult> {
  setApiTransport(transport)
  const context = await handler.query(new Request(new URL(url, origin)))
  // No route has a loader or action, so nothing answers with a redirect; refuse to guess if one ever does.
  if (context instanceof Response) return { kind: 'shell' }
  const { matches } = context
  const pathname = new URL(url, origin).pathname
  if (matches.some((m) => routeHandleOf(m.route.handle).private)) return { kind: 'shell' }

  // Any other path: the client router sends it to / (spec); a crawler gets a 404, not a copy of home.
  const unknownPath = matches.at(-1)?.route.path === '*'
  const queryClient = serverQueryClient()
  if (unknownPath || (await prefetch(matches, queryClient)) === 'not-found') {
    return {
      kind: 'not-found',
      status: 404,
      head: renderToStaticMarkup(<PageHeadTags meta={notFoundMeta} origin={origin} />),
      html: renderToString(<NotFoundPage />),
    }
  }

  const collector = createHeadCollector(origin)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <StrictMode>
      <HeadContext.Provider value={collector}>
        <AppProvider client={queryClient}>
          {/* hydrate=false: the router state goes into the JSON block with the queries (no inline script: CSP). */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </HeadContext.Provider>
    </StrictMode>,
  )
  // A page that declares nothing still gets a title, the site's description and its own address as canonical.
  const meta = collector.meta ?? { title: collector.title, canonicalPath: pathname }
  return {
    kind: 'page',
    status: 200,
    head: renderToStaticMarkup(<PageHeadTags meta={meta} origin={origin} />),
    html,
    state: {
      queries: dehydrate(queryClient),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    },
  }
}
