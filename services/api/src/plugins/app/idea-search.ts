import fp from 'fastify-plugin'
import { parseJson } from '@bookstrut/core'
import { EmbeddingsMessage, embeddingsChannel } from '@bookstrut/search'
import { IdeaSearch } from '../../idea-index/idea-search.js'

/**
 * The in-memory idea index of this api process. It loads every stored book vector of the serving model at start
 * (searches wait for that), then follows the embed worker's announcements on Redis pub/sub, so an edited book is
 * searchable with its new vectors within a second, in every api process, without a restart; every
 * IDEA_INDEX_CATCH_UP_MS (30 s) it also catches up on a model switch or stored vectors it was not told about.
 */
export const ideaSearchPlugin = fp(async (app) => {
  const ideaSearch = await IdeaSearch.start({ db: app.db, search: app.config.search, logger: app.log })
  const subscriber = app.redis.duplicate()
  app.redisOutages.watchConnection('api-subscriber', subscriber)
  subscriber.on('message', (_channel: string, raw: string) => {
    const message = parseJson(EmbeddingsMessage, raw)
    if (!message) {
      app.log.warn({ raw: raw.slice(0, 200) }, 'ignored a malformed embeddings message')
      return
    }
    ideaSearch
      .handle(message)
      .catch((err: unknown) => app.log.error({ err, message }, 'idea search update failed'))
  })
  await subscriber.subscribe(embeddingsChannel(app.config.redis.prefix))
  const catchUp = setInterval(() => {
    ideaSearch.catchUp().catch((err: unknown) => app.log.error({ err }, 'idea index catch-up failed'))
  }, app.config.search.catchUpIntervalMs)
  catchUp.unref()
  app.decorate('ideaSearch', ideaSearch)
  app.addHook('onClose', async () => {
    clearInterval(catchUp)
    await subscriber.quit()
    await ideaSearch.close()
  })
})
