import type { Config, Db } from '@bookstrut/core'
import * as embeddingsRepo from './db/embeddings.repository.js'
import { locateModel, targetModel, type ModelRef } from './model-registry.js'

/**
 * The models books are kept embedded with: the serving model (searches use it) and the target model (the one
 * configured, or the newest trained idea encoder). They differ while the catalogue is being re-embedded.
 * The first call ever makes the target the serving model.
 */
export async function modelsInUse(deps: { db: Db; search: Config['search'] }): Promise<ModelRef[]> {
  const target = targetModel(deps.search)
  const serving = await embeddingsRepo.findServingModel(deps.db)
  if (!serving) {
    await embeddingsRepo.setServingModel(deps.db, target.id)
    return [target]
  }
  return serving === target.id ? [target] : [locateModel(deps.search, serving), target]
}
