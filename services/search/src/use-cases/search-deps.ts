import type { Clock, Config, Db, DbOrTx, Queues } from '@bookstrut/core'

/** What the search use cases need from the app (the api passes its own), without knowing of HTTP. */
export interface SearchDeps {
  db: Db | DbOrTx
  clock: Clock
  config: Readonly<Config>
  queues: Queues
}
