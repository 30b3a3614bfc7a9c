import closeWithGrace from 'close-with-grace'
import path from 'node:path'
import { ConfigError, createLogger, loadConfig, removeStaleTempDirs } from '@bookstrut/core'
import { startWorkers, type RunningWorkers } from '@bookstrut/workers'
import { buildApp } from './app.js'
import { prepareStores } from './runtime.js'
import { snapshotClientBuild } from './ssr/client-snapshot.js'

/** Starts BookStrut: stores, the API and (in the one-process default) the workers; stops them in reverse. */
async function main() {
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  const logger = createLogger(config.logLevel)
  const stores = await prepareStores(config, logger).catch((err: unknown) => {
    logger.fatal(err instanceof Error ? err.message : String(err))
    process.exit(1)
  })
  // Scratch folders of a process killed with SIGKILL (an interrupted import) are removed at the next start.
  await removeStaleTempDirs(path.join(config.dataDir, 'tmp'))
  // The client build this process serves until it stops, copied now: a rolling deploy may replace client/dist.
  const client = await snapshotClientBuild(config.client.distDir).catch(async (err: unknown) => {
    logger.fatal(err instanceof Error ? err.message : String(err))
    await stores.stop()
    process.exit(1)
  })
  if (client) config = { ...config, client: { ...config.client, distDir: client.distDir } }
  const app = await buildApp({ config, databaseUrl: stores.databaseUrl, logger })
  let workers: RunningWorkers | null = null
  if (config.workers.inProcess)
    workers = await startWorkers(config, logger, {
      databaseUrl: stores.databaseUrl,
      redisOutages: app.redisOutages,
      rankIdeas: (ideas) => app.ideaSearch.current.rank(ideas),
    })

  // In order: stop taking requests and close the api's pools, then the workers and theirs, then the stores
  // they all use. One line says it is done.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'closing after an error')
    const started = Date.now()
    await app.close()
    await workers?.close()
    await stores.stop()
    await client?.remove()
    logger.info({ signal, ms: Date.now() - started }, 'BookStrut stopped')
  })
  await app.listen({ host: config.http.host, port: config.http.port })
  logger.info(`BookStrut is running at ${config.http.publicUrl}`)
}

await main()
