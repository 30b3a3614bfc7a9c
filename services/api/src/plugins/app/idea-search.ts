import fp from 'fastify-plugin'
import { embeddingsChannel, type EmbeddingsChanged } from '@bookstrut/core'
import { createThreadedEmbedder } from '@bookstrut/search'
import { IdeaIndex } from '../../search/idea-index.js'

/**
 * The in-memory idea index of this api process. It loads every stored book vector at start (searches wait for
 * that), then follows the embed worker's announcements on Redis pub/sub, so an edited book is searchable with its
 * new vectors within a second, in every api process, without a restart.
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
  app.decorate('ideaIndex', ideaIndex)
  app.addHook('onClose', async () => {
    await subscriber.quit()
    await ideaIndex.ready.catch(() => undefined)
    await ideaIndex.close()
  })
})
