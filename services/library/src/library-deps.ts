import type { Clock, Db, Queues } from '@bookstrut/core'

/** The rate limits the library spends (the api's, services/api/src/plugins/app/rate-limits.ts). */
export type LibraryLimitName = 'shelfWritesPerAccount' | 'shelfReadsPerAccount' | 'libraryImportsPerAccount'
export interface LibraryLimits {
  /** Counts one hit; throws 429 when the limit is already used up. */
  consume(name: LibraryLimitName, key: string): Promise<void>
}

/** What the library's use cases need from the app (the api's Deps has it all). */
export interface LibraryDeps {
  db: Db
  clock: Clock
  queues: Queues
  limits: LibraryLimits
}
