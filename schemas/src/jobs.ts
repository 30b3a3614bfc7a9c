import { Type, type Static } from '@sinclair/typebox'

/** Queue names and job payloads, in one place for producers (api) and consumers (workers). */
export const QueueNames = { mail: 'mail' } as const

export const OtpMailJob = Type.Object({
  kind: Type.Union([Type.Literal('signup-otp'), Type.Literal('reset-otp')]),
  to: Type.String(),
  firstName: Type.String(),
  code: Type.String({ pattern: '^[0-9]{4}$' }),
  requestId: Type.Optional(Type.String()),
})
export type OtpMailJob = Static<typeof OtpMailJob>
