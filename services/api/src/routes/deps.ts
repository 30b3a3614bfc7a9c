import type { Clock, Config, Db, DbOrTx, Queues } from '@bookstrut/core'
import type { FastifyInstance } from 'fastify'
import type { RateLimits } from '../plugins/app/rate-limits.js'

/** What services need from the app, without knowing of HTTP. */
export interface Deps {
  db: Db | DbOrTx
  clock: Clock
  config: Readonly<Config>
  queues: Queues
  limits: RateLimits
}

export const depsOf = (app: FastifyInstance): Deps & { db: Db } => ({
  db: app.db,
  clock: app.clock,
  config: app.config,
  queues: app.queues,
  limits: app.limits,
})
