import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** When the public pages last changed in a way their render cache must not hide (ssr/page-renderer.ts). */
    publicPages: PublicPagesVersion
  }
}

/** Where a change was made: in this process (an admin write it answered) or in another replica (told by Redis). */
export type ChangeSource = 'here' | 'peer'

export interface PublicPagesVersion {
  /** Goes up by one at every change; a render that saw another version than the current one is not cached. */
  version(): number
  /** Marks the public pages changed and tells every listener (the render cache empties itself). */
  changed(source?: ChangeSource): void
  onChange(listener: (source: ChangeSource) => void): void
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function publicPagesVersion(): PublicPagesVersion {
  let version = 0
  const listeners: ((source: ChangeSource) => void)[] = []
  return {
    version: () => version,
    changed(source = 'here') {
      version += 1
      for (const listener of listeners) listener(source)
    },
    onChange: (listener) => void listeners.push(listener),
  }
}

/**
 * Every admin write that succeeded changes what public pages may show (content, settings, a plan's price, a listing
 * approved or unpublished, an owner blocked), so it empties the server's render cache: the admin's next page load,
 * and everyone's, is rendered afresh rather than served for up to 30 s from memory. Admin writes are few, so
 * emptying the whole cache costs little; naming the pages each write touches would be one more thing to forget.
 * The mark is set in onSend, before the answer leaves, so the admin cannot load a page before it is set. The other
 * api replicas hear of it over Redis (public-pages-broadcast.ts).
 */
export const publicPagesPlugin = fp(async (app) => {
  app.decorate('publicPages', publicPagesVersion())
  app.addHook('onSend', async (req, reply, payload) => {
    if (
      reply.statusCode < 400 &&
      WRITE_METHODS.has(req.method) &&
      req.routeOptions.config.access?.label === 'admin'
    )
      app.publicPages.changed()
    return payload
  })
})
