import type { Clock, Config, Db, DbOrTx, MediaStore, Queues } from '@bookstrut/core'

/** What the catalogue's use cases need from the app (the api passes its own), without knowing of HTTP. */
export interface CatalogueDeps {
  db: Db | DbOrTx
  clock: Clock
  config: Readonly<Config>
  queues: Queues
}

/** Listing writes also store the form's files. */
export interface ListingDeps extends CatalogueDeps {
  media: MediaStore
}
