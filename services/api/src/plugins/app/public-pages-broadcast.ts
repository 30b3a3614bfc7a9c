import { randomUUID } from 'node:crypto'
import fp from 'fastify-plugin'

/** The Redis pub/sub channel on which api replicas tell each other that the public pages changed. */
export const publicPagesChannel = (prefix: string) => `${prefix}:public-pages`

/**
 * Every api replica keeps its own render cache (ssr/page-renderer.ts) and sitemap cache: an admin write answered by
 * one replica must empty them all, or a visitor whose page another replica serves sees the old content for up to
 * 30 s (issue 50). A change made here is published on Redis; a message from another replica marks the pages changed
 * here too. Each process tags its messages with an id of its own and skips them when they come back. The message
 * carries nothing else (a receiver only empties caches), so a forged one costs renders, never content. While Redis
 * is down the other replicas are not told: their caches then hold a page for at most its 30 s, as before.
 */
export const publicPagesBroadcastPlugin = fp(async (app) => {
  const channel = publicPagesChannel(app.config.redis.prefix)
  const self = randomUUID()
  const subscriber = app.redis.duplicate()
  app.redisOutages.watchConnection('api-pages-subscriber', subscriber)
  subscriber.on('message', (_channel: string, from: string) => {
    if (from !== self) app.publicPages.changed('peer')
  })
  await subscriber.subscribe(channel)
  app.publicPages.onChange((source) => {
    if (source !== 'here') return
    app.redis.publish(channel, self).catch((err: unknown) => {
      app.log.warn({ err }, 'could not tell the other api replicas that the public pages changed')
    })
  })
  app.addHook('onClose', async () => {
    await subscriber.quit()
  })
})
