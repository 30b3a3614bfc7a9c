import type { Config, Db, Logger } from '@bookstrut/core'
import {
  embeddingsRepo,
  type EmbeddingsMessage,
  cosineScaleOf,
  createThreadedEmbedder,
  locateModel,
  targetModel,
} from '@bookstrut/search'
import { IdeaIndex } from './idea-index.js'

/**
 * Idea search in one api process: the index of the serving model. When the workers switch the serving model
 * (a new model's vectors are complete), the new model's index is loaded and warmed beside the old one, then
 * replaces it in one assignment: every search uses one model's query embedder and that model's vectors, never
 * a mix, and searches never wait for the switch.
 */
export class IdeaSearch {
  private index: IdeaIndex
  /** the index being loaded for a new serving model; it gets the announcements too, so none is lost */
  private next: IdeaIndex | null = null
  private switching: Promise<void> = Promise.resolve()

  private constructor(
    private readonly deps: { db: Db; search: Config['search']; logger: Pick<Logger, 'info' | 'error'> },
    model: string,
  ) {
    this.index = this.open(model)
  }

  /** Starts with the serving model (before the first sweep ever: the model the workers will choose). */
  static async start(deps: {
    db: Db
    search: Config['search']
    logger: Pick<Logger, 'info' | 'error'>
  }): Promise<IdeaSearch> {
    const serving = (await embeddingsRepo.findServingModel(deps.db)) ?? targetModel(deps.search).id
    return new IdeaSearch(deps, serving)
  }

  /** The index searches use now. */
  get current(): IdeaIndex {
    return this.index
  }

  /** Applies an announcement of the embed worker. */
  async handle(message: EmbeddingsMessage): Promise<void> {
    if ('servingModel' in message) await this.follow(message.servingModel)
    else await Promise.all([this.index.refresh(message), this.next?.refresh(message)])
  }

  /** Looks for a switch it was not told about, then for vectors it was not told about. */
  async catchUp(): Promise<number> {
    const serving = await embeddingsRepo.findServingModel(this.deps.db)
    if (serving) await this.follow(serving)
    return this.index.catchUp()
  }

  async close() {
    await this.switching.catch(() => undefined)
    await this.index.ready.catch(() => undefined)
    await this.index.close()
  }

  /** Switches to `model` unless it serves already; switches run one after the other. */
  private follow(model: string): Promise<void> {
    this.switching = this.switching.then(async () => {
      if (model === this.index.model) return
      const next = (this.next = this.open(model))
      try {
        await next.ready
        await next.warm()
      } catch (err) {
        await next.close()
        throw err
      } finally {
        this.next = null
      }
      const previous = this.index
      this.index = next
      this.deps.logger.info(
        { from: previous.model, to: model, books: next.bookCount },
        'idea search switched model',
      )
      await previous.close()
    })
    return this.switching
  }

  private open(model: string): IdeaIndex {
    const ref = locateModel(this.deps.search, model)
    return new IdeaIndex({
      db: this.deps.db,
      model,
      scale: cosineScaleOf(this.deps.search, model),
      kind: this.deps.search.ideaIndex,
      scanThreads: this.deps.search.scanThreads,
      annFromBooks: this.deps.search.annFromBooks,
      loadEmbedder: () =>
        createThreadedEmbedder({
          modelId: ref.modelId,
          modelsDir: ref.modelsDir,
          threads: this.deps.search.embeddingThreads,
        }),
      logger: this.deps.logger,
    })
  }
}
