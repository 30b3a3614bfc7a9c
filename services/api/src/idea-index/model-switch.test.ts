import { existsSync } from 'node:fs'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { announceBookChanges } from '@bookstrut/catalogue'
import { createLogger } from '@bookstrut/core'
import { buildListing, until } from '@bookstrut/core/testing'
import type { ScoredPodcast } from '@bookstrut/schemas'
import {
  embeddingsAnnouncer,
  embeddingsRepo,
  embedBook,
  hasLocalModel,
  locateModel,
  MODEL_FILES,
  ModelEmbedders,
  PASSAGE_SCHEME,
  SHIPPED_MODEL,
  targetModel,
  TRAINED_NAMESPACE,
} from '@bookstrut/search'
import { sweepStaleEmbeddings } from '@bookstrut/workers'
import { buildTestApp, type TestApp } from '../test/test-app.js'
import { client } from '../test/api-client.js'

/*
 * Serving a new model without downtime. The old model is what EMBEDDING_MODEL=auto serves on a fresh clone (our
 * shipped idea encoder; the base model in a clone without it); the "new model" is a published trained version whose
 * files are those of all-mpnet-base-v2 (768 dimensions, other scores than the 384-dimension old model): a ranking
 * that mixed the two could not even be computed, and which model served a search shows in its scores.
 */

let t: TestApp
const bookIds: string[] = []
/** the model `auto` serves before anything is trained here */
let first: string
const other = 'sentence-transformers/all-mpnet-base-v2'
// trained here after the shipped model was (versions sort by time), so `auto` prefers it
const version = '2999-01-01T0000Z-test'
const trainedId = `${TRAINED_NAMESPACE}/${version}`

const books: [string, [string, string, string], string][] = [
  [
    'The White Whale',
    ['A captain hunts a giant whale', 'Life aboard a whaling ship', 'Revenge at sea'],
    'A voyage.',
  ],
  [
    'Murder in the Snow',
    ['A detective on a snowbound train', 'Every passenger has a motive', 'Winter in Europe'],
    'A mystery.',
  ],
  [
    'Alone on Mars',
    ['An astronaut stranded on Mars', 'Growing potatoes on another planet', 'Science saves his life'],
    'Survival.',
  ],
  [
    'The Hidden Garden',
    ['A girl finds a secret garden', 'A sick cousin heals', 'A manor on the moors'],
    'A garden.',
  ],
]
const ideas = ['a sea captain chasing a whale', 'sailors on a whaling voyage', 'vengeance on the ocean']
const search = () =>
  client(t.app).get<ScoredPodcast[]>(
    '/search/podcast?' +
      new URLSearchParams({
        firstField: ideas[0]!,
        secondField: ideas[1]!,
        thirdField: ideas[2]!,
      }).toString(),
  )
const scoresOf = (data: ScoredPodcast[]) => data.map((p) => [p._id, p.hellaScore])

/** Publishes `other`'s files as a trained version that passed its checks, as `npm run encoder:train` would. */
async function publishTrainedVersion(): Promise<void> {
  const source = path.join(t.config.search.modelsDir!, other)
  const target = path.join(t.config.search.trainedModelsDir, trainedId)
  await mkdir(path.join(target, 'onnx'), { recursive: true })
  for (const file of MODEL_FILES) await symlink(path.join(source, file), path.join(target, file))
  // `other` is no trained idea encoder: its cosines are taken as they are (the identity scale)
  const card = { passed: true, base: other, cosine_scale: { slope: 1, offset: 0 } }
  await writeFile(path.join(target, 'card.json'), JSON.stringify(card))
}

beforeAll(async () => {
  // The periodic sweep is off: this test runs each sweep itself, so that it sees the re-embedding half done.
  t = await buildTestApp({ EMBEDDING_MODEL: 'auto' }, undefined, { sweepIntervalMs: 3_600_000 })
  first = targetModel(t.config.search).id
  if (existsSync(path.join(t.config.search.shippedModelsDir, SHIPPED_MODEL)))
    expect(first).toBe(SHIPPED_MODEL)
  for (const m of [first, other]) {
    const { modelsDir, modelId } = locateModel(t.config.search, m)
    if (!hasLocalModel(modelsDir, modelId))
      throw new Error(`${m} is not under ${modelsDir}; tests never download one`)
  }
  for (const [title, bookIdeas, description] of books) {
    const { id, updated_at } = await buildListing(t.app.db, { title, description, ideas: bookIdeas })
    bookIds.push(id)
    await announceBookChanges(t.app.queues, [{ id, updatedAt: updated_at }], { surfaceIndex: false })
  }
  await until(
    'the first model to serve every book',
    () => t.app.ideaSearch.current.bookCount === books.length,
    120_000,
  )
}, 180_000)

afterAll(async () => {
  await t?.close()
})

it('keeps serving the old model while a new one re-embeds the catalogue, then switches every search at once', async () => {
  expect(t.app.ideaSearch.current.model).toBe(first)
  const before = await search()
  expect(before.body.data[0]?.title).toBe('The White Whale')

  // A newly trained model appears; half of the catalogue gets its vectors.
  await publishTrainedVersion()
  const embedders = new ModelEmbedders(1)
  const target = locateModel(t.config.search, trainedId)
  for (const id of bookIds.slice(0, 2))
    await embedBook(
      { db: t.app.db, embedderFor: (m) => embedders.get(m), announce: async () => undefined },
      id,
      target,
    )
  await embedders.close()
  const half = await embeddingsRepo.embeddingProgress(t.app.db, { model: trainedId, scheme: PASSAGE_SCHEME })
  expect(half).toEqual({ done: 2, total: books.length })

  // While the set is incomplete: searches use the old model and its vectors only, whatever the api looks at.
  await t.app.ideaSearch.catchUp()
  expect(t.app.ideaSearch.current.model).toBe(first)
  expect(await embeddingsRepo.findServingModel(t.app.db)).toBe(first)
  const during = await search()
  expect(scoresOf(during.body.data)).toEqual(scoresOf(before.body.data))

  // The sweep queues the rest for the worker; once the queue drains, the worker's own sweep switches.
  const result = await sweepStaleEmbeddings({
    db: t.app.db,
    queues: t.app.queues,
    search: t.config.search,
    announce: embeddingsAnnouncer(t.app.redis, t.config.redis.prefix),
    logger: createLogger('silent'),
  })
  expect(result.serving).toBe(first)
  expect(result.queued).toBe(2)
  await until(
    'every api process to serve the new model',
    () => t.app.ideaSearch.current.model === trainedId,
    120_000,
  )
  expect(await embeddingsRepo.findServingModel(t.app.db)).toBe(trainedId)
  expect(t.app.ideaSearch.current.bookCount).toBe(books.length)

  const after = await search()
  expect(after.body.data[0]?.title).toBe('The White Whale')
  expect(scoresOf(after.body.data)).not.toEqual(scoresOf(before.body.data))
  // The old model's vectors are kept (a way back), but no longer searched.
  const stored = await t.app.db.selectFrom('book_embeddings').select(['model']).execute()
  expect(new Set(stored.map((s) => s.model))).toEqual(new Set([first, trainedId]))
})
