import { narrowDb, type Db, type Deps, type SomeTablesOf } from '@bookstrut/core'
import type { FastifyInstance } from 'fastify'
import type { AppTables } from '../app-tables.js'

export type { Deps }

/**
 * The app's deps for a use case, the connection typed with the tables that use case names (inferred from where the
 * result goes: `signUp(depsOf(app), …)`, through core's `narrowDb`).
 */
export const depsOf = <Tables extends SomeTablesOf<AppTables, Tables> = AppTables>(
  app: FastifyInstance,
): Deps<Tables> & { db: Db<Tables> } => ({
  db: narrowDb<AppTables, Tables>(app.db),
  clock: app.clock,
  config: app.config,
  queues: app.queues,
  limits: app.limits,
})
