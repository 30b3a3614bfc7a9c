import { createThreadedEmbedder } from './embedder-thread.js'
import type { Embedder } from './embedder.js'
import type { ModelRef } from './model-registry.js'

/**
 * The worker's embedders, one per model in use (two while the catalogue is re-embedded for a new model), each
 * loaded on first use on its own thread. A model that failed to load is tried again by the next job.
 */
export class ModelEmbedders {
  private readonly loaded = new Map<string, Promise<Embedder>>()

  constructor(private readonly threads: number) {}

  get(model: ModelRef): Promise<Embedder> {
    let embedder = this.loaded.get(model.id)
    if (!embedder) {
      embedder = createThreadedEmbedder({
        modelId: model.modelId,
        modelsDir: model.modelsDir,
        threads: this.threads,
      })
      embedder.catch(() => this.loaded.delete(model.id))
      this.loaded.set(model.id, embedder)
    }
    return embedder
  }

  async close() {
    const all = [...this.loaded.values()]
    this.loaded.clear()
    await Promise.all(all.map(async (e) => (await e.catch(() => null))?.close()))
  }
}
