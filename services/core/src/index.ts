/*
 * @bookstrut/core, the shared kernel: config, logger, errors, ids, clock, the use cases' Deps, the db connection and
 * migrations (Db/DbOrTx over a domain's tables, narrowDb), the access rules, the admin audit trail, runtime, queues,
 * mail transport, media. Each name is listed; test support is in `@bookstrut/core/testing`.
 */
import * as adminAuditRepo from './db/admin-audit.repository.js'

export {
  type Config,
  ConfigError,
  DEFAULT_EMBEDDING_MODEL,
  hasClientBuild,
  loadConfig,
  type StripeApiBase,
} from './config.js'
export { createLogger, type Logger, loggerOptions } from './logger.js'
export {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unauthorized,
} from './errors.js'
export { nameBasedUuid, newId } from './ids.js'
export { type Clock, ManualClock, systemClock } from './clock.js'
export type { Deps, Limits } from './deps.js'
export { accountWeight, ESTABLISHED_AFTER_MS, NEW_ACCOUNT_WEIGHT } from './reader-weight.js'
export {
  createDb,
  type Db,
  type DB,
  type DbOrTx,
  ensureDatabase,
  migrateToLatest,
  narrowDb,
  pingDatabase,
  type SomeTablesOf,
} from './db/database.js'
export type { BlogPostRow, FaqRow, InformationPageRow } from './db/content.tables.js'
export type {
  BookRow,
  BookUpdate,
  EpisodeRow,
  ListingStatus,
  NewBook,
  NewEpisode,
} from './db/catalogue.tables.js'
export type { ReactionRow } from './db/reactions.tables.js'
export type { ImportedMediaTable } from './db/catalogue-import.tables.js'
export type { Top20EntryRow, Top20HeldRow } from './db/top20.tables.js'
export type { AdminAuditRow } from './db/audit-log.tables.js'
export { adminAuditRepo }
export { type AdminActor, audited, type AuditedChange, recorded } from './admin/audited.js'
export { actsFor, ownerScope } from './access/access-policy.js'
export {
  access,
  type AccessRule,
  actsForRule,
  adminRule,
  buysPlansRule,
  decide,
  decideOwner,
  describePolicy,
  type FieldRef,
  inBody,
  inEachOf,
  inQuery,
  isCallerRule,
  listsBooksRule,
  notBlockedRule,
  type OwnedResource,
  ownEventsRule,
  ownPaymentRule,
  type RoutePolicy,
  ruleWhen,
  signedInRule,
  valuesAt,
} from './access/route-policy.js'
export { createMailer, type Mailer, type MailMessage } from './mail/mailer.js'
export { startEmbeddedPostgres } from './runtime/embedded-postgres.js'
export { createRedis, ensureRedis, pingRedis } from './runtime/redis.js'
export {
  isRedisConnectionError,
  logQueueErrors,
  REDIS_RETRY_AFTER_SECONDS,
  RedisOutages,
  redisUnavailable,
} from './runtime/redis-outages.js'
export { isAlive, readPid } from './runtime/owned-process.js'
export { makeProcessTempDir, removeStaleTempDirs } from './runtime/temp-dirs.js'
export { createQueues, ingestJobOptions, type Queues } from './queues/queues.js'
export { bulkJobs, type KeepCompleted, type TakenJob } from './queues/bulk-jobs.js'
export { createMediaStore, type MediaStore } from './media/media-store.js'
export { parseJson } from './parse-json.js'
export { type Page, pageWindow, toPage } from './paging.js'
export { addressKey, networkOf } from './net/address-key.js'
