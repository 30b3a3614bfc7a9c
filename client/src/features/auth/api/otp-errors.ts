import { isApiError } from '@/lib/api-client'

/** Seconds to wait from a 429 OTP_COOLDOWN answer (data.retryAfter), or null for any other error. */
export function cooldownSeconds(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'OTP_COOLDOWN') return null
  const data = error.data
  if (typeof data !== 'object' || data === null || !('retryAfter' in data)) return null
  const value = data.retryAfter
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null
}

/** A wrong or expired code (400 OTP_INVALID / OTP_EXPIRED): the boxes are cleared and marked red. */
export const isWrongCode = (error: unknown): boolean =>
  isApiError(error) && (error.code === 'OTP_INVALID' || error.code === 'OTP_EXPIRED')
