import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common.js'

/**
 * "Found it" (issue 34): a signed-in reader says which result of an idea search was the book they meant. The
 * ideas are not sent: the server takes them from the search it served (`searchId` of the idea search's answer).
 */
export const SearchId = Type.String({
  pattern: '^[0-9a-f]{32}$',
  description: 'the `searchId` of an idea search answer (GET /search/podcast) served to the caller',
})

export const FoundItBody = Type.Object({ searchId: SearchId, podcastId: Id }, { additionalProperties: false })
export type FoundItBody = Static<typeof FoundItBody>

export const FoundItQuery = Type.Object(
  { searchId: SearchId, podcastId: Id },
  { additionalProperties: false },
)
export type FoundItQuery = Static<typeof FoundItQuery>

export const FoundItAnswer = Type.Object({
  /** true after POST (the confirmation stands), false after DELETE */
  confirmed: Type.Boolean(),
  /** until when DELETE may take it back (ISO 8601); null once taken back */
  undoUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type FoundItAnswer = Static<typeof FoundItAnswer>

/** One idea readers agree finds a book, as its author sees it. */
export const AgreedIdea = Type.Object({
  idea: Type.String(),
  /** distinct accounts that confirmed it (or a near-duplicate of it) */
  readers: Type.Integer({ minimum: 0 }),
})
export type AgreedIdea = Static<typeof AgreedIdea>

/** What the author of a title sees of "found it": agreed ideas only, and counts (never an unagreed reader's words). */
export const FoundItInsights = Type.Object({
  /** standing confirmations ((reader, idea) pairs), counted once each from the events store */
  confirmations: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** distinct readers whose confirmation of this title stands */
  readers: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** "readers found your book with these ideas": the agreed ideas, most readers first */
  ideas: Type.Union([Type.Array(AgreedIdea), Type.Null()]),
})
export type FoundItInsights = Static<typeof FoundItInsights>
