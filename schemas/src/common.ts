import { Type, type Static, type TSchema } from '@sinclair/typebox'

/** Ids look like MongoDB ObjectIds (24 hex characters) because the spec's clients treat such a value as an id. */
export const Id = Type.String({ pattern: '^[0-9a-f]{24}$', description: '24-character hexadecimal id' })
export type Id = Static<typeof Id>

/** Every answer of the API, errors included, is this envelope (spec section 7). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    success: Type.Boolean(),
    message: Type.String(),
    data,
  })

export const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  code: Type.String({ description: 'stable machine-readable error code, e.g. VALIDATION, UNAUTHORIZED' }),
  message: Type.String(),
  data: Type.Union([Type.Null(), Type.Record(Type.String(), Type.Unknown())]),
})
export type ErrorEnvelope = Static<typeof ErrorEnvelope>

export const ErrorCodes = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'BLOCKED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'OTP_COOLDOWN',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_REQUIRED',
  'INVALID_CREDENTIALS',
  'NOT_ACCEPTABLE',
  'METHOD_NOT_ALLOWED',
  'PLAN_LIMIT',
  'EDIT_LOCKED',
  'PAID_FEATURE',
  'DUPLICATE_QUERIES',
  'PAYLOAD_TOO_LARGE',
  'PAYMENT_NOT_CONFIGURED',
  'PAYMENT_FAILED',
  'PAYMENT_PENDING',
  'QUEUE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const
export type ErrorCode = (typeof ErrorCodes)[number]

export const EmptyData = Type.Null()

/** The longest text a field the server ignores may hold. */
export const IGNORED_TEXT_MAX = 64

/**
 * A field the spec's client sends and the server ignores (a price the server computes itself, a count it makes
 * itself): still bounded, as every field is. A number, a short text or null; anything else (an object, an array, a
 * long text) is a 400 naming the field.
 */
export const IgnoredField = (name: string, description: string) =>
  Type.Optional(
    Type.Union([Type.Number(), Type.String({ maxLength: IGNORED_TEXT_MAX }), Type.Null()], {
      description: `ignored: ${description}`,
      errorMessage: `${name}: the server ignores this field; send a number or a text of at most ${IGNORED_TEXT_MAX} characters, or leave it out`,
    }),
  )

/** The spec's paged list answer: the page fields sit beside `data` (the envelope's fields, for Type.Object). */
export const pagedFields = <T extends TSchema>(item: T) => ({
  success: Type.Boolean(),
  message: Type.String(),
  data: Type.Array(item),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  currentPage: Type.Integer(),
  pageSize: Type.Integer(),
})

/** A page number; bounded so that the offset it makes stays a sane number. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })

/** The page size of the reader-facing lists and searches: ten a page unless asked otherwise, fifty at most. */
export const ListPageSize = Type.Integer({ minimum: 1, maximum: 50, default: 10 })

/** One user's list, a page at a time (favourites, ghosted titles). */
export const UserListQuery = Type.Object({
  userId: Id,
  page: Type.Optional(PageNumber),
  limit: Type.Optional(ListPageSize),
})

/** Paging used by list calls. */
export const PageQuery = Type.Object({
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
})
