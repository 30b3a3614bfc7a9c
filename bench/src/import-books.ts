import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createDb, createMediaStore, migrateToLatest } from '@bookstrut/core'
import { createScratchDatabase } from '@bookstrut/core/testing'
import { ensureCatalogueOwner, importBooks } from '@bookstrut/api/bench'

/**
 * `npm run bench:import`: imports 10,000 synthetic books (no media) into a fresh database on the test server
 * (TEST_DATABASE_URL), then the same file again (all updates), and prints rows per second for both runs.
 */
const COUNT = 10_000
const words = [
  'river',
  'empire',
  'letter',
  'winter',
  'garden',
  'machine',
  'secret',
  'voyage',
  'mirror',
  'storm',
]
const pick = (i: number, k: number) => words[(i * 7 + k * 3) % words.length] ?? 'book'

const work = await mkdtemp(path.join(tmpdir(), 'bookstrut-bench-'))
const database = await createScratchDatabase()
const db = createDb(database.url, 4)
try {
  const file = path.join(work, 'books.jsonl')
  const lines = Array.from({ length: COUNT }, (_, i) =>
    JSON.stringify({
      id: `bench-${i}`,
      title: `The ${pick(i, 1)} of the ${pick(i, 2)} ${i}`,
      author: `Author ${i % 997}`,
      year: 1900 + (i % 120),
      genres: [pick(i, 3), pick(i, 4)],
      description:
        `A ${pick(i, 5)} story about a ${pick(i, 6)} and the ${pick(i, 7)} that changes everything. ` +
        `Number ${i} in a synthetic catalogue, long enough to pass the description rule.`,
      ideas: [`A ${pick(i, 8)} hides a truth.`, `The ${pick(i, 9)} returns.`, 'Everyone pays a price.'],
      language: 'en',
    }),
  )
  await writeFile(file, lines.join('\n') + '\n')
  await migrateToLatest(db)
  const owner = await ensureCatalogueOwner(db, 'bench@bookstrut.local', 10, new Date())
  const options = {
    file,
    ownerId: owner.user.id,
    media: createMediaStore(path.join(work, 'media')),
    tempRoot: path.join(work, 'tmp'),
  }
  for (const run of ['insert', 'update'] as const) {
    const started = performance.now()
    const result = await importBooks(db, options)
    const seconds = (performance.now() - started) / 1000
    const rows = result.imported + result.updated
    console.log(
      `${run}: ${rows} rows (imported ${result.imported}, updated ${result.updated}, rejected ` +
        `${result.rejected.length}) in ${seconds.toFixed(2)} s = ${Math.round(rows / seconds)} rows/s`,
    )
  }
} finally {
  await db.destroy()
  await database.drop()
  await rm(work, { recursive: true, force: true })
}
