import type { Clock, Config, Db, Queues, RedisOutages } from '@bookstrut/core'
import type { UserRow, SessionRow } from '@bookstrut/accounts'
import type { Redis } from 'ioredis'
import type { RateLimits } from './plugins/app/rate-limits.js'
import type { IdeaSearch } from './idea-index/idea-search.js'
import type { AnalyticsReader } from './plugins/app/analytics.js'
import type { Visitors } from './plugins/app/anonymous-id.js'

export interface Auth {
  user: UserRow
  session: SessionRow
  /** The raw token of this request, needed to answer refresh-token with the same session. */
  token: string
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<Config>
    clock: Clock
    db: Db
    redis: Redis
    redisOutages: RedisOutages
    queues: Queues
    limits: RateLimits
    ideaSearch: IdeaSearch
    analytics: AnalyticsReader
    /** server-issued identities of visitors not signed in (plugins/app/anonymous-id.ts) */
    visitors: Visitors
  }
  interface FastifyRequest {
    /** Set by the auth hooks when the request carries a live session token. */
    auth: Auth | null
  }
}
