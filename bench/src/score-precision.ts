import { availableParallelism } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '@bookstrut/core'
import { BookTextIndex, BookVectorIndex, cosineScaleOf, locateModel, targetModel } from '@bookstrut/search'
import { bookPassages, createEmbedder, firstStage, PASSAGES } from '@bookstrut/search/bench'
import { DEFAULT_SHARED_DATA_DIR } from './tomt-data.js'
import { cachedEmbeddings } from './embedding-cache.js'
import { loadSanitySet } from './sanity-set.js'

/**
 * What a Strut score means (issue 46): `npm run bench:score-precision [-- --data DIR]`. The sanity set's searches
 * (sanity-set.json: three plain ideas a reader would type about a well-known book of the 300-book demo catalogue)
 * run through the product's first stage with no floor, so every book gets its scores; then, for a threshold X:
 *
 * - per idea: of all (idea, book) scores >= X, the share where the book is the one the idea was written for
 *   (precision), and the share of the ideas written for a book whose score for it is >= X (recall);
 * - per row (a listed book): the same for the row's best idea score, the score the result label reads.
 *
 * Each idea has one designated book, so precision is a lower bound: "a boy wizard" is as much about the other
 * Harry Potter volumes as about the one it was written for.
 */

const THRESHOLDS = [40, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95]

interface Pair {
  score: number
  relevant: boolean
}

function table(title: string, pairs: readonly Pair[]): string {
  const relevant = pairs.filter((p) => p.relevant).length
  const lines = [
    `${title} (${pairs.length} pairs, ${relevant} relevant)`,
    '  score >=   precision   recall   pairs',
  ]
  for (const x of THRESHOLDS) {
    const over = pairs.filter((p) => p.score >= x)
    const hits = over.filter((p) => p.relevant).length
    const precision = over.length === 0 ? NaN : hits / over.length
    lines.push(
      `  ${String(x).padStart(8)}   ${precision.toFixed(3).padStart(9)}   ${(hits / relevant).toFixed(3).padStart(6)}` +
        `   ${String(over.length).padStart(5)}`,
    )
  }
  return lines.join('\n')
}

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    data: { type: 'string', default: DEFAULT_SHARED_DATA_DIR },
  },
  strict: true,
})
const config = loadConfig()
const model = targetModel(config.search).id
const { modelId, modelsDir } = locateModel(config.search, model)
const scale = cosineScaleOf(config.search, model)
const embedder = await createEmbedder({ modelId, modelsDir, threads: availableParallelism() })
try {
  const { catalogue, books } = await loadSanitySet(path.resolve(values.data))
  const cacheDir = path.join(config.dataDir, 'bench-cache')
  const passages = catalogue.map((b) =>
    bookPassages({ title: b.title, ideas: [], description: b.description }, PASSAGES),
  )
  const vectors = await cachedEmbeddings(embedder, {
    cacheDir,
    name: 'demo-catalogue',
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
  const perIdea: Pair[] = []
  const perRow: Pair[] = []
  const answerRows: number[] = []
  books.forEach((book, i) => {
    const { ranked } = firstStage(index, ideaVectors.slice(i * 3, i * 3 + 3), {
      lexical: text.matchIdeas(book.ideas),
      floor: 0,
      scale,
    })
    for (const r of ranked) {
      const relevant = r.bookId === book.id
      for (const score of r.scores.ideas) perIdea.push({ score, relevant })
      perRow.push({ score: Math.max(...r.scores.ideas), relevant })
      if (relevant) answerRows.push(Math.max(...r.scores.ideas))
    }
  })
  console.log(
    `score precision, ${model}: ${books.length} sanity searches over the ${catalogue.length}-book demo catalogue\n`,
  )
  console.log(table('per idea: the idea is about this book', perIdea))
  console.log()
  console.log(
    table("per row: the row's best idea score, the row is the book the ideas were written for", perRow),
  )
  answerRows.sort((a, b) => a - b)
  const q = (p: number) => answerRows[Math.floor(p * (answerRows.length - 1))]?.toFixed(1)
  console.log(`\nthe answer's best idea score: p10 ${q(0.1)}, p50 ${q(0.5)}, p90 ${q(0.9)}`)
} finally {
  await embedder.close()
}
