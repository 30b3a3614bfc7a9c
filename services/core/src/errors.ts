import type { ErrorCode } from '@bookstrut/schemas'

// 402: a card payment was declined; 503: a service the call needs (the card processor) is not configured.
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 406 | 409 | 413 | 422 | 429 | 503

/** An error a caller can act on: it becomes `{ success: false, code, message, data }` with its status. */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: ErrorCode,
    message: string,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const badRequest = (message: string, data: Record<string, unknown> | null = null) =>
  new AppError(400, 'VALIDATION', message, data)
export const unauthorized = (message = 'Please log in to continue.') =>
  new AppError(401, 'UNAUTHORIZED', message)
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'FORBIDDEN', message)
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message)
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message)
/** A body over what the endpoint can take; the message names the limit. */
export const payloadTooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message)
/** Blocked accounts get the flag and the admin's note so the client can show its dialog. */
export const blocked = (notes: string) =>
  new AppError(403, 'BLOCKED', 'Your account has been blocked.', { isBlocked: true, notes })
export const tooManyRequests = (
  message: string,
  retryAfterSeconds: number,
  code: ErrorCode = 'RATE_LIMITED',
) => new AppError(429, code, message, { retryAfter: retryAfterSeconds })
