import { loadConfig } from '@bookstrut/core'
import { seedDemoSearches } from './demo-searches.js'
import { runOnDatabase } from './with-database.js'

/**
 * `node services/api/dist/cli/topics-seed.js` (run by `npm run demo`): saves the demo readers' searches, from which
 * the topics job makes the demo's topic pages at the app's start. Safe to run again: the same searches stay one each.
 */
await runOnDatabase(loadConfig(), async (db) => {
  console.log(`demo searches: ${await seedDemoSearches(db)} saved (the topics job makes topic pages of them)`)
})
