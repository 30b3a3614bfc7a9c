import { loadConfig } from '@bookstrut/core'
import { approveDemoTopics, seedDemoSearches } from './demo-searches.js'
import { runOnDatabase } from './with-database.js'

/**
 * `node services/api/dist/cli/topics-seed.js` (run by `npm run demo`): saves the demo readers' searches, from which
 * the topics job makes the demo's topic pages at the app's start, and approves those ideas as the operator's word
 * (the moderation queue: nothing readers typed is public before an admin approved it; these the operator wrote).
 * Safe to run again: the same searches stay one each, an approved idea is approved once.
 */
await runOnDatabase(loadConfig(), async (db) => {
  console.log(`demo searches: ${await seedDemoSearches(db)} saved (the topics job makes topic pages of them)`)
  console.log(`demo topics: ${await approveDemoTopics(db)} approved by the operator`)
})
