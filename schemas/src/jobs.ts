import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common.js'

/**
 * Queue names and job payloads, in one place for producers (api) and consumers (workers). A payload names its book
 * `podcastId`, as the API does: jobs wait in Redis across a deploy, so a renamed field would strand the queued ones.
 * Consumers read it into `bookId` where they take the job.
 */
export const QueueNames = {
  mail: 'mail',
  embed: 'embed',
  surfaceIndex: 'surface-index',
  /** one job per analytics event (job id = event id), drained in batches into the analytics store */
  ingest: 'ingest',
  /** a repeatable job: ranks books by recent engagement and stores the Top 20 */
  top20: 'top20',
  /** one book's "found it" confirmations weighed again: agreed ideas stored, the book re-embedded when they change */
  foundIt: 'found-it',
  /** a repeatable job: makes the "books about <idea>" topic pages from saved searches and the idea search */
  topics: 'topics',
  /** one reader's Goodreads or StoryGraph import: its staged rows matched to books and shelved (issue 49) */
  libraryImport: 'library-import',
} as const

export const OtpMailJob = Type.Object({
  kind: Type.Union([Type.Literal('signup-otp'), Type.Literal('reset-otp')]),
  to: Type.String(),
  firstName: Type.String(),
  code: Type.String({ pattern: '^[0-9]{4}$' }),
  requestId: Type.Optional(Type.String()),
})
export type OtpMailJob = Static<typeof OtpMailJob>

/** A contact message (POST /create/ContactUs) mailed to the support address; job id `contact-<messageId>`. */
export const ContactMailJob = Type.Object({
  kind: Type.Literal('contact'),
  messageId: Id,
  to: Type.String(),
  name: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  message: Type.String(),
  requestId: Type.Optional(Type.String()),
})
export type ContactMailJob = Static<typeof ContactMailJob>

/** Every mail the mail queue sends. */
export const MailJob = Type.Union([OtpMailJob, ContactMailJob])
export type MailJob = Static<typeof MailJob>

/**
 * (Re)compute the vectors of one book from its current text; a no-op when they are up to date. With `model`, for
 * that model only (a sweep); without, for every model in use (the serving one and, while re-embedding, the next).
 */
export const EmbedJob = Type.Object({
  podcastId: Id,
  model: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  requestId: Type.Optional(Type.String()),
})
export type EmbedJob = Static<typeof EmbedJob>

/** Bring one book's entry in the external keyword index (Meilisearch) in line with the database. */
export const SurfaceIndexJob = Type.Object({ podcastId: Id, requestId: Type.Optional(Type.String()) })
export type SurfaceIndexJob = Static<typeof SurfaceIndexJob>

/** Compute and store one Top 20 ranking, as of the moment the job runs (nothing to carry). */
export const Top20Job = Type.Object({})
export type Top20Job = Static<typeof Top20Job>

/** Weigh one book's "found it" confirmations again (idempotent: the result depends only on the stored rows). */
export const FoundItJob = Type.Object({ podcastId: Id, requestId: Type.Optional(Type.String()) })
export type FoundItJob = Static<typeof FoundItJob>

/** Match and shelve the staged rows of one library import (job id `library-import-<importId>`). */
export const LibraryImportJob = Type.Object({ importId: Id, requestId: Type.Optional(Type.String()) })
export type LibraryImportJob = Static<typeof LibraryImportJob>
