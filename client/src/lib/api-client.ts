import type { Static, TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { env } from '@/config/env'
import { clearAllLocalStorage, readItem, StorageKeys } from './storage'
import { registerFormats } from './typebox-formats'

registerFormats()

/** Fallback text when the server gives no message (spec reader-and-account section 8). */
export const GENERIC_ERROR = 'Something went wrong'

/** A failed call: HTTP status, the envelope's machine-readable code, its message and data. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message)
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

/** The message to show the user for any thrown value. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (error instanceof ApiError && error.message) return error.message
  return fallback
}

type QueryValue = string | number | boolean | null | undefined
export type Query = Record<string, QueryValue | readonly QueryValue[]>

export interface RequestOptions<S extends TSchema> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  query?: Query
  /** Sent as JSON (FormData is sent as is). */
  body?: unknown
  /** Schema of the envelope's `data`; the answer is checked against it before anybody uses it. */
  schema: S
  /** Send the stored token (default true). Login and sign-up calls send none. */
  auth?: boolean
  /**
   * Let a 401 on a call made with a token clear local storage and send the browser to / (default true).
   * The session check handles its own failure (it must toast "Your LogIn Session Expired.").
   */
  handleUnauthorized?: boolean
  signal?: AbortSignal
  /** Let the request outlive the page (tracking sent while the page is hidden or unloading). */
  keepalive?: boolean
}

/** The unwrapped envelope: the server's message (toasts show it) and the checked data. */
export interface ApiResult<T> {
  message: string
  data: T
}

let onUnauthorized: () => void = () => window.location.assign('/')

/** How a request reaches the API: the browser's fetch, or (server render) a call into the api process itself. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>
let transport: ApiTransport = (url, init) => fetch(url, init)

/** The server render (entry-server.tsx) answers calls through the api's own handlers instead of the network. */
export function setApiTransport(next: ApiTransport): void {
  transport = next
}

/** The app registers how to "send the browser to /" (a router navigation instead of a reload). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${env.apiBaseUrl}${path.startsWith('/') ? path : `/${path}`}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value)
      ? (value as readonly QueryValue[])
      : [value as QueryValue]
    for (const v of values) if (v !== undefined && v !== null) params.append(key, String(v))
  }
  const qs = params.toString()
  return qs ? `${url}?${qs}` : url
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/** One request to the API: sends the token headers, unwraps `{success, message, data}`, throws ApiError. */
export async function apiRequest<S extends TSchema>(
  path: string,
  options: RequestOptions<S>,
): Promise<ApiResult<Static<S>>> {
  const { envelope, message, status } = await send(path, options)
  const data = envelope.data ?? null
  if (!Value.Check(options.schema, data)) {
    const first = Value.Errors(options.schema, data).First()
    console.error(
      `Unexpected answer from ${options.method ?? 'GET'} ${path}`,
      first ? `${first.path}: ${first.message}` : '',
    )
    throw new ApiError(status, 'BAD_RESPONSE', GENERIC_ERROR, null)
  }
  return { message, data }
}

/** A paged list answer: the items and the page fields the server sends beside `data`. */
export interface PageResult<T> {
  message: string
  data: T[]
  total: number
  totalPages: number
  currentPage: number
  pageSize: number
}

const pageField = (envelope: Record<string, unknown>, key: string): number | null => {
  const value = envelope[key]
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null
}

/**
 * A paged list call (`{success, message, data: [...], total, totalPages, currentPage, pageSize}`): `schema`
 * is the schema of one item; every item and the page fields are checked.
 */
export async function apiPageRequest<S extends TSchema>(
  path: string,
  options: RequestOptions<S>,
): Promise<PageResult<Static<S>>> {
  return (await apiPageRequestWithEnvelope(path, options)).page
}

/**
 * A page, and the envelope's other fields as sent (e.g. an idea search's `searchId`): unchecked, for the caller
 * to read with care.
 */
export async function apiPageRequestWithEnvelope<S extends TSchema>(
  path: string,
  options: RequestOptions<S>,
): Promise<{ page: PageResult<Static<S>>; envelope: Record<string, unknown> }> {
  const { envelope, message, status } = await send(path, options)
  const data: unknown = envelope.data
  const total = pageField(envelope, 'total')
  const totalPages = pageField(envelope, 'totalPages')
  const currentPage = pageField(envelope, 'currentPage')
  const pageSize = pageField(envelope, 'pageSize')
  const itemsOk = Array.isArray(data) && data.every((item) => Value.Check(options.schema, item))
  if (!itemsOk || total === null || totalPages === null || currentPage === null || pageSize === null) {
    console.error(`Unexpected page from ${options.method ?? 'GET'} ${path}`)
    throw new ApiError(status, 'BAD_RESPONSE', GENERIC_ERROR, null)
  }
  return { page: { message, data, total, totalPages, currentPage, pageSize }, envelope }
}

/** Sends the request and returns the successful envelope; any failure becomes an ApiError. */
async function send<S extends TSchema>(
  path: string,
  options: RequestOptions<S>,
): Promise<{ envelope: Record<string, unknown>; message: string; status: number }> {
  const { method = 'GET', query, body, auth = true, handleUnauthorized = true, signal, keepalive } = options
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = auth ? readItem(StorageKeys.token) : null
  if (token) {
    // The spec's clients send the token in a `token` header; Bearer is the standard form. Both are sent.
    headers.Authorization = `Bearer ${token}`
    headers.token = token
  }
  // Without a token the server counts a visitor under an identity it makes itself (never one the browser sends).
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }

  let response: Response
  try {
    response = await transport(buildUrl(path, query), { method, headers, body: payload, signal, keepalive })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(
      0,
      'NETWORK',
      'Unable to reach the server. Please check your connection and try again.',
    )
  }

  const json = await readJson(response)
  const envelope = isRecord(json) ? json : {}
  const message = typeof envelope.message === 'string' ? envelope.message : ''

  if (!response.ok || envelope.success !== true) {
    const code =
      typeof envelope.code === 'string' ? envelope.code : response.ok ? 'FAILED' : `HTTP_${response.status}`
    const error = new ApiError(response.status, code, message || GENERIC_ERROR, envelope.data ?? null)
    if (response.status === 401 && token && handleUnauthorized) handleUnauthorized401(token)
    throw error
  }
  return { envelope, message, status: response.status }
}

/**
 * Ends the session once, however many calls fail with 401 together: a 401 for a token that is no longer the
 * stored one (already cleared, or replaced by a new login) is the answer to a session already dealt with.
 */
function handleUnauthorized401(token: string): void {
  if (readItem(StorageKeys.token) !== token) return
  clearAllLocalStorage()
  onUnauthorized()
}
