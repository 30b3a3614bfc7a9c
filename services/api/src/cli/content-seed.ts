import { loadConfig } from '@bookstrut/core'
import { seedDemoContent } from '@bookstrut/content'
import { runOnDatabase } from './with-database.js'

/**
 * `npm run content:seed`: fills an empty site with the demo's content (the 15 author-promotion FAQs, three blog
 * posts, the terms and the information pages). Tables that already hold entries are left alone, so it is safe to
 * run on every start of the demo. The api rewrites /data/faqs.json and /data/blogs.json when it starts.
 */
await runOnDatabase(loadConfig(), async (db) => {
  const added = await seedDemoContent(db)
  console.log(
    `demo content: ${added.faqs} FAQs, ${added.posts} blog posts, ${added.pages} information pages added`,
  )
})
