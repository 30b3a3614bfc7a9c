import type { QueryClient } from '@tanstack/react-query'
import type { Params } from 'react-router-dom'

/** What a route tells the server render (entry-server.tsx), as its react-router `handle`. */
export interface RouteHandle {
  /**
   * Fetches the queries the page reads, through the same query options the page uses, into the render's query
   * client (`queryClient.fetchQuery(...)`; a 404 ApiError makes the page a 404). The server renders as an anonymous
   * visitor: pass `null` for the caller's id.
   */
  prefetch?: (ctx: { queryClient: QueryClient; params: Params }) => Promise<unknown>
  /** A page that depends on who is signed in (profile, listings, admin…): the server sends the plain app shell. */
  private?: true
}

export const privatePage: RouteHandle = { private: true }

/** Reads a matched route's handle (react-router types it as unknown). */
export const routeHandleOf = (handle: unknown): RouteHandle =>
  typeof handle === 'object' && handle !== null ? handle : {}
