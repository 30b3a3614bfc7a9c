import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '@bookstrut/core/testing'
import { FOUND_IT_VARIANTS, loadFoundItEvidence, simulateFoundIt } from './found-it-simulation.js'
import { loadPool, type TomtQuery } from './tomt-data.js'

/*
 * `bench:quality --found-it-from train`: the evidence is read from the train split only (never a dev request), and
 * goes through the product's found-it rows and settle job: under the product's rule (3 readers, 2 networks) only an
 * idea three readers confirmed for a book becomes its idea; the one-reader variant takes every confirmed idea.
 */

let dataDir: string
let t: TestDb

const DEV_IDEA = 'a dev reader remembers a glass lighthouse'
const requests: TomtQuery[] = [
  { id: 'r1', split: 'train', ideas: ['a dragon who bakes bread', 'a tiny village'], relevant: ['g1'] },
  { id: 'r2', split: 'train', ideas: ['A dragon who bakes bread!'], relevant: ['g1'] },
  { id: 'r3', split: 'train', ideas: ['the dragon who bakes bread', ''], relevant: ['g1'] },
  { id: 'r4', split: 'train', ideas: ['twins swap places at a summer camp'], relevant: ['g2'] },
  { id: 'r5', split: 'train', ideas: ['a book nobody holds'], relevant: ['gone'] },
  { id: 'd1', split: 'validation', ideas: [DEV_IDEA], relevant: ['g2'] },
]

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'found-it-sim-'))
  const tomt = path.join(dataDir, 'reddit-tomt-books-dev')
  const mix = path.join(dataDir, 'goodreads-books-mix')
  await mkdir(tomt, { recursive: true })
  await mkdir(mix, { recursive: true })
  const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n'
  await writeFile(
    path.join(tomt, 'corpus.jsonl'),
    jsonl([
      { id: 'g1', title: 'The Baker Dragon', description: 'A dragon opens a bakery.' },
      { id: 'g2', title: 'Camp Mixup', description: 'Two girls meet at camp.' },
    ]),
  )
  await writeFile(path.join(tomt, 'queries_ideas.jsonl'), jsonl(requests))
  await writeFile(
    path.join(mix, 'books.jsonl'),
    jsonl([{ id: 'm1', title: 'Other Book', description: 'Something else.' }]),
  )
  t = await createTestDb('foundsim')
})
afterAll(async () => {
  await t?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

describe('found-it simulation', () => {
  it('reads the train requests as evidence, never the dev split', async () => {
    const evidence = await loadFoundItEvidence(dataDir)
    expect(evidence.map((r) => r.id)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5'])
    expect(JSON.stringify(evidence)).not.toContain(DEV_IDEA)
  })

  it('refuses a request of any other split', async () => {
    const pool = await loadPool(dataDir)
    await expect(simulateFoundIt(t.db, requests, pool)).rejects.toThrow(/train requests only/)
  })

  it("settles the readers' ideas through the product's rows and rule, and the one-reader variant", async () => {
    const pool = await loadPool(dataDir)
    const idOf = new Map(pool.map((b) => [b.key, b.id]))
    const sim = await simulateFoundIt(t.db, await loadFoundItEvidence(dataDir), pool)
    // r5's answer is not in the pool: four readers, five distinct ideas, two books.
    expect({ readers: sim.readers, confirmations: sim.confirmations, books: sim.books }).toEqual({
      readers: 4,
      confirmations: 5,
      books: 2,
    })
    const [product, oneReader] = sim.variants
    expect(product!.variant).toBe(FOUND_IT_VARIANTS[0])
    // Three readers (three networks) typed near-duplicates of one idea: agreed, in the wording most typed (ties: the
    // earliest); the ideas one reader typed are not.
    expect([...product!.ideasOf]).toEqual([[idOf.get('g1'), ['a dragon who bakes bread']]])
    expect(Object.fromEntries(oneReader!.ideasOf)).toEqual({
      [idOf.get('g1')!]: ['a dragon who bakes bread', 'a tiny village'],
      [idOf.get('g2')!]: ['twins swap places at a summer camp'],
    })
    const stored = await t.db.selectFrom('found_it_confirmations').select('idea').execute()
    expect(stored.map((r) => r.idea)).not.toContain(DEV_IDEA)
  })
})
