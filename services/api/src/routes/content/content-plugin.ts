import type { FastifyPluginAsync } from 'fastify'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { access } from '@bookstrut/core'
import { SNAPSHOT_FILES, snapshotWriter } from '@bookstrut/content'
import { contentRoutes } from './index.js'
import { contentAdminRoutes } from './admin-content.js'
import { contentAdminReadRoutes } from './admin-content-reads.js'

/**
 * The content domain over HTTP: its API under /api/v1, and the static snapshots the spec's client tries first
 * (/data/faqs.json, /data/blogs.json), written under DATA_DIR/public-data at start and after each FAQ or blog write.
 */
export const contentPlugin: FastifyPluginAsync = async (app) => {
  const dir = path.join(app.config.dataDir, 'public-data')
  const snapshots = snapshotWriter(app.db, dir, (err) =>
    app.log.error({ err }, 'content snapshots not written'),
  )
  app.addHook('onReady', () => snapshots.refresh())

  for (const file of Object.values(SNAPSHOT_FILES)) {
    app.get(
      `/data/${file}`,
      { schema: { hide: true }, config: { access: access.public() } },
      async (_req, reply) => {
        const body = await readFile(path.join(dir, file), 'utf8').catch(async () => {
          // Not written yet (or removed): write it now rather than answer nothing.
          await snapshots.refresh()
          return readFile(path.join(dir, file), 'utf8')
        })
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(body)
      },
    )
  }

  await app.register(
    async (api) => {
      await api.register(contentRoutes)
      await api.register(contentAdminRoutes, { refreshSnapshots: () => snapshots.refresh() })
      await api.register(contentAdminReadRoutes)
    },
    { prefix: '/api/v1' },
  )
}
