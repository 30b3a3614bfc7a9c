import type { Db, Logger } from '@bookstrut/core'
import {
  embeddingsRepo,
  type EmbeddingsChanged,
  AnnBookVectorIndex,
  BookTextIndex,
  ANN_AUTO_BOOKS,
  BookVectorIndex,
  IdeaEmbeddings,
  rankBooks,
  type CosineScale,
  type Embedder,
  type IdeaVectorIndex,
  type RankedBook,
} from '@bookstrut/search'

/** How far before the latest seen change a catch-up looks again. */
const CATCH_UP_SLACK_MS = 60_000

/**
 * One api process's view of idea search: every book's vectors of the active model in memory, and their words in a
 * BM25 index beside them (fused into each idea's score), kept current by the embed worker's announcements, and the
 * query-idea embedder (loaded on the first search).
 */
export class IdeaIndex {
  /** what searches read */
  private index: IdeaVectorIndex | null = null
  /**
   * While the approximate index is built over the exact one (IDEA_INDEX=ann, or auto past the threshold): where
   * changes go meanwhile.
   */
  private building: AnnBookVectorIndex | null = null
  /** closed: a build cut short by close is not an error worth logging */
  private closed = false
  /** the words of the books in the index: loaded with their vectors, so both hold the same books */
  private readonly text = new BookTextIndex()
  /**
   * the passages of the ideas readers agreed on (found it), apart from the books' own: exact, and small (at most
   * MAX_FOUND_IDEAS_EMBEDDED a book, few books); ranking bounds what they can do (found-idea-influence.ts)
   */
  private found: BookVectorIndex | null = null
  /** when each book's vectors in the index were stored: an older read never overwrites a newer one */
  private readonly versions = new Map<string, number>()
  private ideas: Promise<IdeaEmbeddings> | null = null
  /** the latest stored time (database clock) among the vectors applied */
  private watermark = 0
  readonly ready: Promise<void>

  constructor(
    private readonly deps: {
      db: Db
      model: string
      /** the model's cosine scale (its card's): Strut scores mean the same for every model */
      scale: CosineScale
      /** IDEA_INDEX: exact, ann, or auto (ann from `annFromBooks` books) */
      kind?: 'auto' | 'exact' | 'ann'
      /** IDEA_INDEX_ANN_FROM_BOOKS (default ANN_AUTO_BOOKS) */
      annFromBooks?: number
      /** IDEA_SCAN_THREADS: threads of one exact scan (0 or unset: the default) */
      scanThreads?: number
      loadEmbedder: () => Promise<Embedder>
      logger: Pick<Logger, 'info' | 'error'>
    },
  ) {
    this.ready = this.loadAll()
    // Searches await `ready` and answer the failure; this keeps it from also being an unhandled rejection.
    this.ready.catch((err: unknown) =>
      deps.logger.error({ err, model: deps.model }, 'idea index could not load'),
    )
  }

  get model() {
    return this.deps.model
  }
  get bookCount() {
    return this.index?.bookCount ?? 0
  }
  /** Whether the book's agreed ideas (found it) are served, as passages apart from its own. */
  hasFoundIdeas(bookId: string): boolean {
    return this.found?.has(bookId) ?? false
  }
  /** which index searches read: exact, or approximate with exact rescoring */
  get kind(): 'exact' | 'ann' {
    return this.index instanceof AnnBookVectorIndex ? 'ann' : 'exact'
  }

  /** Loads the query embedder now (before this index starts serving, so no reader waits for it). */
  async warm(): Promise<void> {
    await (await this.embeddings()).embed(['warm-up'])
  }

  /** Ranked books above the relevance floor for three ideas. */
  async rank(ideas: readonly string[]): Promise<RankedBook[]> {
    await this.ready
    if (!this.index || this.index.bookCount === 0) return []
    const vectors = await (await this.embeddings()).embed(ideas)
    return rankBooks(this.index, vectors, {
      lexical: this.text.matchIdeas(ideas),
      scale: this.deps.scale,
      foundIdeas: this.found ?? undefined,
    })
  }

  /**
   * Loads what was stored since the last look. Pub/sub is fire-and-forget: an announcement sent while this
   * process was reconnecting, or vectors stored by the import CLI (which announces nothing), arrive this way.
   * The window reaches back CATCH_UP_SLACK_MS before the watermark, for transactions that committed late.
   */
  async catchUp(): Promise<number> {
    await this.ready
    const since = new Date(this.watermark - CATCH_UP_SLACK_MS)
    let applied = 0
    for await (const page of embeddingsRepo.allEmbeddings(this.deps.db, this.deps.model, { since }))
      applied += await this.applyPage(page)
    this.chooseIndex()
    return applied
  }

  /** Reloads one book from the database after the embed worker announced it. */
  async refresh(message: EmbeddingsChanged): Promise<void> {
    if (message.model !== this.deps.model) return
    const { podcastId: bookId } = message
    const stored = await embeddingsRepo.findEmbedding(this.deps.db, bookId, this.deps.model)
    if (stored) await this.applyPage([stored])
    else {
      this.writable()?.remove(bookId)
      this.found?.remove(bookId)
      this.text.remove(bookId)
      this.versions.delete(bookId)
    }
  }

  async close() {
    this.closed = true
    this.building?.close()
    this.index?.close()
    this.found?.close()
    const ideas = await this.ideas?.catch(() => null)
    await ideas?.close()
  }

  /** Applies a page of stored vectors, then loads the words of the books it changed; the number applied. */
  private async applyPage(page: readonly embeddingsRepo.StoredEmbedding[]): Promise<number> {
    const applied = page.filter((e) => this.apply(e))
    const texts = await embeddingsRepo.findBookTexts(
      this.deps.db,
      applied.filter((e) => e.vectors.length > 0).map((e) => e.bookId),
    )
    for (const t of texts) if (this.writable()?.has(t.id)) this.text.upsert(t.id, t)
    return applied.length
  }

  /** True when the vectors were newer than what the index held. */
  private apply(stored: embeddingsRepo.StoredEmbedding): boolean {
    const version = stored.updatedAt.getTime()
    this.watermark = Math.max(this.watermark, version)
    if ((this.versions.get(stored.bookId) ?? -1) >= version) return false
    this.versions.set(stored.bookId, version)
    // The last foundPassages vectors are the agreed ideas': they go apart from the book's own.
    const ownCount = Math.max(0, stored.vectors.length - stored.foundPassages)
    const own = stored.vectors.slice(0, ownCount)
    const found = stored.vectors.slice(ownCount)
    if (own.length === 0) {
      this.writable()?.remove(stored.bookId)
      this.text.remove(stored.bookId)
    } else {
      this.index ??= this.newIndex(own[0]!.length)
      this.writable()!.upsert(stored.bookId, own)
    }
    if (found.length > 0 && own.length > 0) {
      this.found ??= new BookVectorIndex(found[0]!.length, undefined, 1)
      this.found.upsert(stored.bookId, found)
    } else this.found?.remove(stored.bookId)
    return true
  }

  /** Where changes go: the index searched, or the approximate one being built over it (which updates both). */
  private writable(): IdeaVectorIndex | null {
    return this.building ?? this.index
  }

  /** Always exact at first: an approximate index is built over it once loaded (chooseIndex). */
  private newIndex(dimensions: number): IdeaVectorIndex {
    return new BookVectorIndex(dimensions, undefined, this.deps.scanThreads || undefined)
  }

  /**
   * IDEA_INDEX=ann, or auto once the catalogue reaches `annFromBooks` books (checked at load and at each catch-up):
   * builds the approximate index over the exact one, in slices between requests (searches keep using the exact
   * one meanwhile), then searches switch to it.
   */
  private chooseIndex() {
    const index = this.index
    const kind = this.deps.kind ?? 'auto'
    if (kind === 'exact' || this.building || !(index instanceof BookVectorIndex)) return
    if (kind === 'auto' && index.bookCount < (this.deps.annFromBooks ?? ANN_AUTO_BOOKS)) return
    const started = performance.now()
    const { ann, built } = AnnBookVectorIndex.building(index, {}, this.deps.scale)
    this.building = ann
    built.then(
      (ready) => {
        this.index = ready
        this.building = null
        this.deps.logger.info(
          { model: this.deps.model, books: ready.bookCount, ms: Math.round(performance.now() - started) },
          'idea index switched to approximate search',
        )
      },
      (err: unknown) => {
        this.building = null
        if (!this.closed)
          this.deps.logger.error({ err, model: this.deps.model }, 'approximate idea index could not be built')
      },
    )
  }

  private async loadAll() {
    const started = performance.now()
    for await (const page of embeddingsRepo.allEmbeddings(this.deps.db, this.deps.model))
      await this.applyPage(page)
    this.chooseIndex()
    this.deps.logger.info(
      {
        model: this.deps.model,
        cosineScale: this.deps.scale,
        books: this.bookCount,
        index: this.kind,
        vectors: this.index?.vectorCount ?? 0,
        bytes: this.index?.memoryBytes ?? 0,
        ms: Math.round(performance.now() - started),
      },
      'idea index loaded',
    )
  }

  private embeddings(): Promise<IdeaEmbeddings> {
    this.ideas ??= this.deps.loadEmbedder().then(
      (embedder) => new IdeaEmbeddings(embedder),
      (err: unknown) => {
        this.ideas = null // the next search tries again
        throw err
      },
    )
    return this.ideas
  }
}
