import type { EventEmitter } from 'node:events'
import { AppError } from '../errors.js'
import type { Logger } from '../logger.js'

/** What these need of a logger: a pino logger or Fastify's. */
type Log = Pick<Logger, 'info' | 'warn' | 'error'>

/** How long a caller is asked to wait while Redis does not answer: ioredis reconnects within a few seconds. */
export const REDIS_RETRY_AFTER_SECONDS = 5

/** The answer of a call that needs Redis while it does not answer: 503 with Retry-After, never a 500. */
export const redisUnavailable = () =>
  new AppError(
    503,
    'SERVICE_UNAVAILABLE',
    `This is unavailable for a moment. Please try again in ${REDIS_RETRY_AFTER_SECONDS} seconds.`,
    { retryAfter: REDIS_RETRY_AFTER_SECONDS },
  )

/** A call refused at once because its Redis connection is not ready (instead of waiting for it to come back). */
export class RedisNotConnectedError extends Error {
  constructor() {
    super('Redis is not connected')
    this.name = 'RedisNotConnectedError'
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/**
 * Whether an error means "Redis cannot be reached" rather than a fault of the call: a socket error, a command
 * given up after the producer connection's retries (ioredis' MaxRetriesPerRequestError), or a command on a closed
 * or unwritable connection.
 */
export function isRedisConnectionError(err: unknown): boolean {
  if (err instanceof RedisNotConnectedError) return true
  if (!(err instanceof Error)) return false
  const code = (err as { code?: unknown }).code
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true
  return (
    err.name === 'MaxRetriesPerRequestError' ||
    err.message === 'Connection is closed.' ||
    err.message.startsWith("Stream isn't writeable")
  )
}

/** What is logged of a connection error: its code and message, without a stack (the cause is the network). */
const summary = (err: unknown) => ({
  code: (err as { code?: unknown } | null)?.code ?? null,
  message: err instanceof Error ? err.message : String(err),
})

/**
 * One log line per Redis outage per process, however many connections report it (the api's producer and
 * subscriber, the workers' connections) and however often ioredis retries: the first error is one structured
 * warning (`{ redis: { connection, code, message } }`, "redis unavailable"), the end of the outage (every failed
 * connection ready again) one info line. The listener is also what keeps ioredis from printing "[ioredis] Unhandled
 * error event" stack traces on stderr.
 */
export class RedisOutages {
  private readonly down = new Set<string>()
  private since: number | null = null

  constructor(private readonly logger: Log) {}

  /** Whether an outage is under way in this process. */
  get active(): boolean {
    return this.since !== null
  }

  /** An ioredis connection: its errors start an outage, its 'ready' (after a reconnect) may end one. */
  watchConnection(name: string, connection: EventEmitter): void {
    connection.on('error', (err: unknown) => this.failed(name, err))
    connection.on('ready', () => this.recovered(name))
  }

  private failed(name: string, err: unknown) {
    this.down.add(name)
    if (this.since !== null) return
    this.since = Date.now()
    this.logger.warn({ redis: { connection: name, ...summary(err) } }, 'redis unavailable')
  }

  private recovered(name: string) {
    this.down.delete(name)
    if (this.since === null || this.down.size > 0) return
    this.logger.info({ redis: { downForMs: Date.now() - this.since } }, 'redis available again')
    this.since = null
  }
}

/**
 * The 'error' listener of a BullMQ Queue or Worker. Without one BullMQ prints every error with its stack on stderr
 * (console.error). Connection errors are those of the ioredis connections they use, logged once per outage by
 * RedisOutages; any other error is logged as it comes.
 */
export function logQueueErrors(emitter: EventEmitter, queue: string, logger: Pick<Log, 'error'>): void {
  emitter.on('error', (err: unknown) => {
    if (!isRedisConnectionError(err)) logger.error({ queue, err }, `${queue} queue error`)
  })
}
