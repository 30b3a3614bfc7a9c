import { loadConfig } from '@bookstrut/core'
import { embeddingsRepo, PASSAGE_SCHEME, targetModel } from '@bookstrut/search'
import { runOnDatabase } from './with-database.js'

/**
 * `npm run embeddings:status`: which model serves idea search, which model books are being embedded with, and
 * how far each is (books with up-to-date vectors / all books). While the two differ the catalogue is being
 * re-embedded in the background, and searches switch once the new model's count is complete.
 */
const config = loadConfig()
await runOnDatabase(config, async (db) => {
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
})
