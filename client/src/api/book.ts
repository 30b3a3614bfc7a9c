import type { Podcast } from '@bookstrut/schemas'

/**
 * A book as the client holds it. The API's book record is named `Podcast` after the contract; its fields carry no
 * podcast-named field, so the client's book is that record unchanged and components, hooks and state say `Book`.
 * The one place the contract's name is read on the client (the fetch layer validates against `Podcast`).
 */
export type Book = Podcast
