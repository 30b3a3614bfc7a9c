import fp from 'fastify-plugin'
import { embeddingsChannel, type EmbeddingsChanged } from '@bookstrut/core'
import { createThreadedEmbedder } from '@bookstrut/search'
import { IdeaIndex } from '../../search/idea-index.js'

/** How often an api process looks for stored vectors it was not told about. */
const CATCH_UP_INTERVAL_MS = 30_000

/**
 * The in-memory idea index of this api process. It loads every stored book vector at start (searches wait for
 * that), then follows the embed worker's announcements on Redis pub/sub, so an edited book is searchable with its
 * new vectors within a second, in every api process, without a restart; every 30 s it also catches up on
 * anything it was not told about.
 */
export const ideaSearchPlugin = fp(async (app) => {
  const { search } = app.config
  const ideaIndex = new IdeaIndex({
    db: app.db,
    model: search.embeddingModel,
    loadEmbedder: () =>
      createThreadedEmbedder({
        modelId: search.embeddingModel,
        modelsDir: search.modelsDir,
        threads: search.embeddingThreads,
      }),
    logger: app.log,
  })
  const subscriber = app.redis.duplicate()
  subscriber.on('error', (err) => app.log.warn({ err }, 'redis subscriber error'))
  subscriber.on('message', (_channel: string, raw: string) => {
    let message: EmbeddingsChanged
    try {
      message = JSON.parse(raw) as EmbeddingsChanged
    } catch {
      return
    }
    ideaIndex
      .refresh(message)
      .catch((err: unknown) =>
        app.log.error({ err, podcastId: message.podcastId }, 'idea index refresh failed'),
      )
  })
  await subscriber.subscribe(embeddingsChannel(app.config.redis.prefix))
  const catchUp = setInterval(() => {
    ideaIndex.catchUp().catch((err: unknown) => app.log.error({ err }, 'idea index catch-up failed'))
  }, CATCH_UP_INTERVAL_MS)
  catchUp.unref()
  app.decorate('ideaIndex', ideaIndex)
  app.addHook('onClose', async () => {
    clearInterval(catchUp)
    await subscriber.quit()
    await ideaIndex.ready.catch(() => undefined)
    await ideaIndex.close()
  })
})
