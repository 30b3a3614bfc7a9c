import type { Clock, Config, Db, DbOrTx, Queues } from '@bookstrut/core'

/** What the analytics use cases need from the app (the api passes its own), without knowing of HTTP. */
export interface AnalyticsDeps {
  db: Db | DbOrTx
  clock: Clock
  config: Readonly<Config>
  queues: Queues
}
