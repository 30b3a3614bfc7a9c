import {
  createDb,
  createLogger,
  createQueues,
  createRedis,
  loadConfig,
  migrateToLatest,
  pingRedis,
} from '@bookstrut/core'
import { prepareStores } from '../runtime.js'
import {
  ensureDemoAccounts,
  ensureDemoListing,
  grantDemoPlan,
  queueDemoEngagement,
} from '../demo/demo-author.js'

/**
 * `node services/api/dist/cli/demo-author.js` (scripts/demo.sh runs it once BookStrut answers): the demo admin, the
 * demo author on a granted paid plan with one listing of the demo catalogue, and weeks of readers' engagement with
 * it queued on the running app's ingest queue (REDIS_URL, REDIS_PREFIX). Prints how to sign in as each. Exit 1
 * when the database or Redis cannot be reached (start BookStrut first: its workers store the events).
 */
const config = loadConfig()
const stores = await prepareStores(config, createLogger('warn'), { redis: false }).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err))
  process.exit(1)
})
const db = createDb(stores.databaseUrl, 2)
const redis = createRedis(config.redis.url)
redis.on('error', () => undefined)
let exitCode = 0
try {
  await migrateToLatest(db)
  if (!(await pingRedis(config.redis.url)))
    throw new Error(
      `Redis at ${config.redis.url} does not answer: start BookStrut first (its workers store the events)`,
    )
  await redis.connect()
  const now = new Date()
  const hashCost = config.auth.passwordHashCost
  const { admin, author } = await ensureDemoAccounts(db, { dataDir: config.dataDir, hashCost, now })
  const planEnds = await grantDemoPlan(db, admin.user, author.user, now)
  const listing = await ensureDemoListing(db, author.user, now)
  const queued = listing
    ? await queueDemoEngagement({ db, queues: createQueues(redis, config.redis.prefix), config }, listing, {
        hashCost,
        now,
      })
    : 0
  const site = config.http.publicUrl
  console.log(
    [
      `Demo author: ${author.user.email}  password: ${author.password}`,
      `  on Pro Strut${planEnds ? ` until ${planEnds.toISOString().slice(0, 10)}` : ''} (granted by the demo admin)`,
      listing
        ? `  listing "${listing.title}": ${queued} events of the past four weeks queued; open ${site}/profile-listings → Analytics`
        : '  no listing: the demo catalogue has no book with a podblurb (covers and podblurbs need espeak-ng, sox, lame)',
      `Demo admin:  ${admin.user.email}  password: ${admin.password}  → ${site}/admin`,
      `  (passwords kept in ${config.dataDir}/demo-accounts.json)`,
    ].join('\n'),
  )
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err))
  exitCode = 1
} finally {
  redis.disconnect()
  await db.destroy()
  await stores.stop()
}
process.exit(exitCode)
