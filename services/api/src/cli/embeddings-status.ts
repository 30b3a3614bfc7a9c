import { createDb, createLogger, loadConfig, migrateToLatest } from '@bookstrut/core'
import { embeddingsRepo, PASSAGE_SCHEME, targetModel } from '@bookstrut/search'
import { prepareStores } from '../runtime.js'

/**
 * `npm run embeddings:status`: which model serves idea search, which model books are being embedded with, and
 * how far each is (books with up-to-date vectors / all books). While the two differ the catalogue is being
 * re-embedded in the background, and searches switch once the new model's count is complete.
 */
const config = loadConfig()
const stores = await prepareStores(config, createLogger('warn'), { redis: false }).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err))
  process.exit(1)
})
const db = createDb(stores.databaseUrl, 1)
let exitCode = 0
try {
  await migrateToLatest(db)
  const serving = await embeddingsRepo.findServingModel(db)
  const target = targetModel(config.search).id
  const line = async (label: string, model: string) => {
    const { done, total } = await embeddingsRepo.embeddingProgress(db, { model, scheme: PASSAGE_SCHEME })
    console.log(`${label.padEnd(8)} ${model}  ${done}/${total} books embedded`)
  }
  if (serving) await line('serving', serving)
  else console.log('serving  (none yet: the workers choose on their first sweep)')
  if (target !== serving) await line('next', target)
  else console.log('next     (the same model: nothing to re-embed)')
} catch (err) {
  exitCode = 1
  console.error(err)
} finally {
  await db.destroy()
  await stores.stop()
}
process.exit(exitCode)
