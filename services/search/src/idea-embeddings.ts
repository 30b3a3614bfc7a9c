import type { Embedder } from './embedder.js'

/**
 * Query-idea vectors, cached per process (least recently used first out): readers repeat ideas (saved searches,
 * paging, the same popular phrasing), and an idea's vector never changes for one model.
 */
export class IdeaEmbeddings {
  private readonly cache = new Map<string, Float32Array>()

  constructor(
    private readonly embedder: Embedder,
    private readonly capacity = 10_000,
  ) {}

  get modelId() {
    return this.embedder.modelId
  }

  async embed(ideas: readonly string[]): Promise<Float32Array[]> {
    const keys = ideas.map(normaliseIdea)
    const missing = [...new Set(keys.filter((k) => !this.cache.has(k)))]
    if (missing.length > 0) {
      const vectors = await this.embedder.embed(missing)
      missing.forEach((k, i) => this.remember(k, vectors[i]!))
    }
    return keys.map((k) => {
      const v = this.cache.get(k)!
      this.cache.delete(k) // re-insert: most recently used last
      this.cache.set(k, v)
      return v
    })
  }

  close() {
    return this.embedder.close()
  }

  private remember(key: string, vector: Float32Array) {
    this.cache.set(key, vector)
    if (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value!)
  }
}

/** One key per idea however it was spaced. */
export const normaliseIdea = (idea: string) => idea.trim().replace(/\s+/g, ' ')
