import { createRedis, pingRedis, type Config } from '@bookstrut/core'
import { embeddingsAnnouncer, type EmbeddingsMessage } from '@bookstrut/search'

export interface ImportAnnouncer {
  announce(message: EmbeddingsMessage): Promise<void>
  /** what running apps were told, for the command's summary */
  summary(): string
  close(): Promise<void>
}

/**
 * Tells running api processes about the vectors `catalog:import --wait` stores, on the embed worker's Redis
 * channel, so they load each book at once instead of at their next catch-up (IDEA_INDEX_CATCH_UP_MS). When no
 * Redis answers at REDIS_URL no app runs against it, and nothing is told (an app loads every vector when it
 * starts). A publish that fails is counted, not fatal: the books are stored, and the apps' catch-up finds them.
 */
export async function openImportAnnouncer(config: Pick<Config, 'redis'>): Promise<ImportAnnouncer> {
  if (!(await pingRedis(config.redis.url)))
    return {
      announce: async () => undefined,
      summary: () => `no Redis at ${config.redis.url}: no running app to tell`,
      close: async () => undefined,
    }
  const publisher = createRedis(config.redis.url)
  publisher.on('error', () => undefined)
  await publisher.connect()
  const publish = embeddingsAnnouncer(publisher, config.redis.prefix)
  let told = 0
  let failed = 0
  return {
    async announce(message) {
      try {
        await publish(message)
        told += 1
      } catch {
        failed += 1
      }
    },
    summary: () =>
      `running apps told of ${told} books` +
      (failed > 0 ? `; ${failed} announcements failed (the apps' catch-up loads those books)` : ''),
    async close() {
      await publisher.quit().catch(() => publisher.disconnect())
    },
  }
}
