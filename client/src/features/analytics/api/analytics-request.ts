import type { TSchema } from '@sinclair/typebox'
import { ApiError, apiRequest, type Query } from '@/lib/api-client'
import { ANALYTICS_TIMEOUT_MS } from '../model/live'

/** Spec (error catalogue): the message when analytics fail and the server gives none. */
export const ANALYTICS_ERROR = 'Failed to fetch ANALYTICS'

/**
 * A GET of the analytics API that gives up after ANALYTICS_TIMEOUT_MS (an ApiError with code TIMEOUT, which the
 * query client retries), and still stops at once when React Query cancels it (the panel closed).
 */
export async function analyticsRequest<S extends TSchema>(
  path: string,
  query: Query,
  schema: S,
  signal?: AbortSignal,
) {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), ANALYTICS_TIMEOUT_MS)
  const cancel = () => controller.abort()
  signal?.addEventListener('abort', cancel, { once: true })
  try {
    return await apiRequest(path, { query, schema, signal: controller.signal })
  } catch (error) {
    if (controller.signal.aborted && !signal?.aborted) throw new ApiError(0, 'TIMEOUT', ANALYTICS_ERROR)
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
  }
}
