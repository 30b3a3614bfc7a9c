import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyInstance } from 'fastify'

/** One data call of a server render that did not get its data: refused (429), failed (5xx) or thrown. */
export interface FailedDataCall {
  url: string
  status: number | 'error'
}

/** A server render in progress: whose it is, and what its data calls have met so far. */
export interface RenderCall {
  app: FastifyInstance
  ip: string
  userAgent: string | undefined
  /** Data calls made so far (bounded per render: MAX_DATA_CALLS_PER_RENDER). */
  dataCalls: number
  failed: FailedDataCall[]
}

/**
 * One per process: the render a data call belongs to. The bundle's transport is set once for the whole process and
 * renders of several requests interleave, so each call finds its own render here. It is also how a request is
 * known to be a render's own (issue 45): only code running inside `runAsRender` sees a store, and a request from a
 * socket never does, so no header or parameter a client sends can claim it.
 */
const renders = new AsyncLocalStorage<RenderCall>()

export const runAsRender = <T>(call: RenderCall, fn: () => Promise<T>): Promise<T> => renders.run(call, fn)

/** The render this code runs for, or undefined for anything else (a visitor's own request). */
export const currentRender = (): RenderCall | undefined => renders.getStore()

/** Runs `fn` as not part of any render: the render's own budget is spent by the visitor, outside. */
export const outsideRender = <T>(fn: () => Promise<T>): Promise<T> => renders.exit(fn)
