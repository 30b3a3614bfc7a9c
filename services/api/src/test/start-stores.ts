/**
 * Test helper run as its own process: starts the one-machine stores (embedded PostgreSQL and Redis) for the
 * environment it is given, prints `ready <databaseUrl>` and waits to be killed — the way the app holds them.
 */
import { createLogger, loadConfig } from '@bookstrut/core'
import { prepareStores } from '../runtime.js'

const stores = await prepareStores(loadConfig(), createLogger('silent'))
process.stdout.write(`ready ${stores.databaseUrl}\n`)
setInterval(() => undefined, 60_000)
