import { createDb, migrateToLatest } from '@bookstrut/core'
import { createScratchDatabase } from '@bookstrut/core/testing'
import { BookVectorIndex, type Embedder } from '@bookstrut/search'
import { embeddedPassages } from '@bookstrut/search/bench'
import { mean } from '../bench-stats.js'
import { cachedEmbeddings } from '../embedding-cache.js'
import { loadFoundItEvidence, simulateFoundIt, type FoundItBooks } from '../found-it-simulation.js'
import type { PoolBook } from '../tomt-data.js'
import { ideaMode, type IdeaModeOptions } from './idea-modes.js'
import { pairedLine, printTable, subsetOf, type ModeResult, type Query } from './report.js'

/*
 * `--found-it-from train`: the product's "found it" loop fed with the train split's confirmed requests
 * (found-it-simulation.ts; never the dev split's), ranked as the product ranks since issue 45: the agreed ideas are
 * passages of their own, held apart from the books' (RankOptions.foundIdeas, as the api's IdeaIndex holds them), so
 * they lift a book only within found-idea-influence.ts's bounds, and never reach the lexical index.
 */

export interface FoundItEvidence {
  variants: FoundItBooks[]
  /** the pool ids some train request was answered with (where found it can add evidence) */
  answered: Set<string>
}

/** The train requests through the product's found-it path on a scratch database, each rule's books and ideas. */
export async function foundItEvidence(
  dataDir: string,
  pool: readonly PoolBook[],
  poolIdOf: ReadonlyMap<string, string>,
): Promise<FoundItEvidence> {
  const evidence = await loadFoundItEvidence(dataDir)
  const database = await createScratchDatabase()
  const db = createDb(database.url, 2)
  try {
    await migrateToLatest(db)
    const simulation = await simulateFoundIt(db, evidence, pool)
    const counts = simulation.variants.map(
      (v) =>
        `${v.variant.name}: ${v.ideasOf.size} books with ` +
        `${[...v.ideasOf.values()].reduce((n, ideas) => n + ideas.length, 0)} agreed ideas`,
    )
    console.log(
      `found-it from train: ${simulation.readers} requests as readers, ${simulation.confirmations} confirmations ` +
        `of ${simulation.books} books; ${counts.join('; ')}`,
    )
    const answered = new Set(evidence.flatMap((r) => r.relevant.flatMap((key) => poolIdOf.get(key) ?? [])))
    return { variants: simulation.variants, answered }
  } finally {
    await db.destroy()
    await database.drop()
  }
}

/**
 * The agreed ideas' passages as the embed worker embeds them (embeddedPassages: each idea alone, after the book's
 * own) and the api holds them: an index of their own, beside the pool's unchanged index.
 */
export async function foundIdeasIndex(
  embedder: Embedder,
  pool: readonly PoolBook[],
  ideasOf: ReadonlyMap<string, string[]>,
  cacheDir: string,
): Promise<BookVectorIndex> {
  const byId = new Map(pool.map((b) => [b.id, b]))
  const found = [...ideasOf.entries()].map(([id, ideas]) => {
    const b = byId.get(id)!
    const { passages, foundPassages } = embeddedPassages({
      title: b.title,
      ideas: [],
      description: b.description,
      foundIdeas: ideas,
    })
    return { id, passages: passages.slice(passages.length - foundPassages) }
  })
  const texts = found.flatMap((f) => f.passages)
  const vectors =
    texts.length === 0 ? [] : await cachedEmbeddings(embedder, { cacheDir, name: 'found-it-ideas', texts })
  const index = new BookVectorIndex(embedder.dimensions, undefined, 1)
  let row = 0
  for (const f of found)
    if (f.passages.length > 0) index.upsert(f.id, vectors.slice(row, (row += f.passages.length)))
  return index
}

/** One found-it mode and the product mode it extends, with the books that have agreed ideas. */
export interface FoundItMode {
  mode: ModeResult
  ref: ModeResult
  found: ReadonlyMap<string, string[]>
}

/**
 * The product's modes with one rule's agreed ideas: the first stage and the first second stage, each paired with the
 * product mode it extends (the same index, words and model, without found ideas).
 */
export function foundItModes(
  name: string,
  variant: FoundItBooks,
  foundIdeas: BookVectorIndex,
  run: {
    index: BookVectorIndex
    ideas: Float32Array[][]
    options: IdeaModeOptions
    extraMs: number
    first: ModeResult
    second?: { mode: ModeResult; stage: { name: string; model: IdeaModeOptions['secondStage'] } }
  },
): FoundItMode[] {
  const { index, ideas, options, extraMs } = run
  const suffix = `, ${variant.variant.name}`
  const modes: FoundItMode[] = [
    {
      mode: ideaMode(`${name} + BM25${suffix}`, index, ideas, { ...options, foundIdeas }, extraMs),
      ref: run.first,
      found: variant.ideasOf,
    },
  ]
  if (run.second)
    modes.push({
      mode: ideaMode(
        `${name} + ${run.second.stage.name}${suffix}`,
        index,
        ideas,
        { ...options, secondStage: run.second.stage.model, foundIdeas },
        extraMs,
      ),
      ref: run.second.mode,
      found: variant.ideasOf,
    })
  return modes
}

/**
 * The found-it modes against the product, for every request run and separately for those whose answer a train
 * request also asked for (where found-it can add evidence) and the others (where it can only add competitors).
 */
export function foundItReport(
  qs: Query[],
  modes: readonly FoundItMode[],
  evidence: FoundItEvidence,
  poolSize: number,
) {
  if (modes.length === 0) return
  const all = qs.map((_, i) => i)
  const overlapping = all.filter((i) => [...qs[i]!.relevant].some((id) => evidence.answered.has(id)))
  const others = all.filter((i) => !overlapping.includes(i))
  const groups: [string, number[]][] = [
    [`all ${all.length} requests`, all],
    [`${overlapping.length} requests whose answer a train request also asked for`, overlapping],
    [`${others.length} requests whose answer no train request asked for`, others],
  ]
  const refs = [...new Set(modes.map((m) => m.ref))]
  for (const [title, at] of groups) {
    const subQueries = at.map((i) => qs[i]!)
    console.log(`\nfound-it from train, ${title}:`)
    const shown = new Map([...refs, ...modes.map((m) => m.mode)].map((m) => [m, subsetOf(m, at)]))
    printTable([...shown.values()], subQueries, poolSize)
    console.log('paired differences against the product (95 % paired bootstrap interval):')
    for (const { mode, ref } of modes) console.log(pairedLine(shown.get(mode)!, shown.get(ref)!, subQueries))
    // Where the change comes from: books with agreed ideas taking the first places, the answer's own or others'.
    console.log('books with agreed ideas among the first 10 (mean per request), product → with found-it:')
    for (const { mode, ref, found } of modes) {
      const inTop10 = (m: ModeResult) =>
        mean(at.map((i) => m.rankings[i]!.slice(0, 10).filter((id) => found.has(id)).length)).toFixed(2)
      console.log(`  ${mode.name}: ${inTop10(ref)} → ${inTop10(mode)}`)
    }
  }
}
