import type { Podcast } from '@bookstrut/schemas'

/**
 * A book as the client holds it. The API's book record is named `Podcast` after the contract; its fields carry no
 * podcast-named field, so the client's book is that record unchanged and components, hooks and state say `Book`.
 * The one place the contract's name is read on the client (the fetch layer validates against `Podcast`).
 */
export type Book = Podcast

/** A wire row that names its book `podcastId` (the contract's name), as the client holds it: with `bookId`. */
export type WithBookId<T extends { podcastId: string }> = Omit<T, 'podcastId'> & { bookId: string }

/** The one mapping of such a row from the wire, in the fetch layer: nothing after it reads `podcastId`. */
export const withBookId = <T extends { podcastId: string }>({ podcastId, ...rest }: T): WithBookId<T> => ({
  ...rest,
  bookId: podcastId,
})

/** The one mapping back: a request the client holds with `bookId`, as the contract names it (`podcastId`). */
export const withPodcastId = <T extends { bookId: string }>({
  bookId,
  ...rest
}: T): Omit<T, 'bookId'> & { podcastId: string } => ({ ...rest, podcastId: bookId })
