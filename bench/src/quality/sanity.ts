import { BookTextIndex, BookVectorIndex, rankBooks, type CosineScale, type Embedder } from '@bookstrut/search'
import { bookPassages, type SecondStageModel } from '@bookstrut/search/bench'
import { quantile } from '../bench-stats.js'
import { cachedEmbeddings } from '../embedding-cache.js'
import { loadSanitySet, type SanityBook } from '../sanity-set.js'
import { SCHEMES } from './args.js'

/** `--sweep`: the relevance floors tried around the product's (chosen on the dev split), here and in main.ts. */
export const SWEEP_FLOORS = [25, 45, 50, 55, 60, 65, 70, 75]

/**
 * The sanity set (sanity-set.json): the demo catalogue (the books scripts/demo.sh imports) indexed as the product
 * indexes imported books, each book's three plain ideas searched as a reader would; counts the books found in the
 * top 3, cosine only, with the product's fusion, and through each second stage.
 */
export async function sanityCheck(
  embedder: Embedder,
  model: string,
  scale: CosineScale,
  schemeName: string,
  run: {
    dataDir: string
    cacheDir: string
    secondStages: readonly { name: string; model: SecondStageModel }[]
    sweep: boolean
  },
): Promise<string> {
  const { cacheDir, secondStages } = run
  const { catalogue, books } = await loadSanitySet(run.dataDir)
  const passages = catalogue.map((b) =>
    bookPassages({ title: b.title, ideas: [], description: b.description }, SCHEMES[schemeName]),
  )
  const vectors = await cachedEmbeddings(embedder, {
    cacheDir,
    name: schemeName === 'product' ? 'demo-catalogue' : `demo-catalogue-${schemeName}`,
    texts: passages.flat(),
  })
  const index = new BookVectorIndex(embedder.dimensions)
  const text = new BookTextIndex()
  let row = 0
  catalogue.forEach((b, i) => {
    index.upsert(b.id, vectors.slice(row, (row += passages[i]!.length)))
    text.upsert(b.id, { title: b.title, ideas: [], description: b.description })
  })
  const ideaVectors = await cachedEmbeddings(embedder, {
    cacheDir,
    name: 'sanity-ideas',
    texts: books.flatMap((b) => b.ideas),
  })
  /** a stage: the cosine alone, the first stage, or a second-stage model's version */
  type Stage = string
  const rankOf = (book: SanityBook, i: number, stage: Stage, floor?: number) => {
    const ranked = rankBooks(index, ideaVectors.slice(i * 3, i * 3 + 3), {
      lexical: stage === 'cosine only' ? undefined : text.matchIdeas(book.ideas),
      floor,
      scale,
      secondStage: secondStages.find((s) => s.name === stage)?.model ?? false,
    })
    const at = ranked.findIndex((r) => r.bookId === book.id)
    return { rank: at < 0 ? Infinity : at + 1, listed: ranked.length }
  }
  const setSize = books.filter((b) => !b.expectFirst).length
  const lines = [
    `\nsanity set, ${model}: ${setSize} books of the ${catalogue.length}-book demo catalogue, and ` +
      `${books.length - setSize} searches readers reported`,
  ]
  const rankText = (rank: number) => (Number.isFinite(rank) ? `#${rank}` : 'not listed')
  const stages: Stage[] = ['cosine only', 'BM25 per idea (first stage)', ...secondStages.map((s) => s.name)]
  for (const stage of stages) {
    const all = books.map((b, i) => ({ b, ...rankOf(b, i, stage) }))
    const results = all.filter((r) => !r.b.expectFirst)
    const top3 = results.filter((r) => r.rank <= 3).length
    const listed = results.map((r) => r.listed)
    const reported = all.filter((r) => r.b.expectFirst)
    lines.push(
      `  ${stage}: ${top3}/${setSize} in the top 3, ` +
        `${results.filter((r) => r.rank === 1).length} first; listed books p50 ${quantile(listed, 0.5)} ` +
        `max ${Math.max(...listed)}; missed: ` +
        (results
          .filter((r) => r.rank > 3)
          .map((r) => `${r.b.title} (${rankText(r.rank)})`)
          .join(', ') || 'none'),
      `    readers' searches that must come first: ${reported.filter((r) => r.rank === 1).length}/` +
        `${reported.length} (` +
        reported.map((r) => `${r.b.title} ${rankText(r.rank)}`).join(', ') +
        ')',
    )
  }
  if (run.sweep)
    for (const floor of SWEEP_FLOORS) {
      const top3 = books.filter(
        (b, i) => !b.expectFirst && rankOf(b, i, 'BM25 per idea (first stage)', floor).rank <= 3,
      ).length
      lines.push(`  BM25 per idea, floor ${floor}: ${top3}/${setSize} in the top 3`)
    }
  return lines.join('\n')
}
