import { afterAll, beforeAll, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { promisify } from 'node:util'
import path from 'node:path'
import { loadConfig, type Db } from '@bookstrut/core'
import { createTestDb, type TestDb } from '@bookstrut/core/testing'
import { targetModel } from '@bookstrut/search'

const run = promisify(execFile)
const apiRoot = path.resolve(import.meta.dirname, '../..')
const sample = path.resolve(apiRoot, '../../data-samples/classics.jsonl')
let database: TestDb
let db: Db
let dataDir: string

beforeAll(async () => {
  database = await createTestDb('import_cli', { migrate: false, poolSize: 1 })
  db = database.db
  dataDir = await mkdtemp(path.join(tmpdir(), 'bookstrut-cli-'))
})
afterAll(async () => {
  await database?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

const catalogImport = (...args: string[]) =>
  run(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/cli/catalog-import.ts', ...args], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, PASSWORD_HASH_COST: '10' },
  })

it('imports the sample catalogue for a new publisher, then updates it on a second run', async () => {
  const first = await catalogImport(sample, '--owner', 'Books@Example.com', '--wait')
  expect(first.stdout).toMatch(/Created publisher books@example.com/)
  expect(first.stdout).toMatch(/Imported 12, updated 0, rejected 0 \(12 lines/)
  // --wait computes every imported book's vectors before it exits; a second run finds them up to date.
  expect(first.stdout).toMatch(/--wait: 12 of 12 books embedded with /)
  const embedded = await db.selectFrom('book_embeddings').select(['podcast_id', 'passages']).execute()
  expect(embedded).toHaveLength(12)
  expect(embedded.every((e) => e.passages > 0)).toBe(true)
  const second = await catalogImport(sample, '--owner', 'books@example.com', '--wait')
  expect(second.stdout).toMatch(/Imported 0, updated 12, rejected 0/)
  expect(second.stdout).toMatch(/--wait: 0 of 12 books embedded/)
  const owner = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('email', '=', 'books@example.com')
    .executeTakeFirstOrThrow()
  expect(owner.role).toBe('publisher')
  const books = await db.selectFrom('podcasts').select(['create_by', 'status']).execute()
  expect(books).toHaveLength(12)
  expect(books.every((b) => b.create_by === owner.id && b.status === 1)).toBe(true)
})

const cli = (script: string, ...args: string[]) =>
  run(process.execPath, ['--conditions=source', '--import', 'tsx', `src/cli/${script}`, ...args], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir },
  })

it('exports the catalogue as training pairs (ideas → title and description) and reports embedding progress', async () => {
  const out = path.join(dataDir, 'pairs.jsonl')
  const exported = await cli('export-training-pairs.ts', out)
  expect(exported.stdout).toMatch(/12 pairs written/)
  const pairs = (await readFile(out, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { anchor: string; positive: string })
  const pride = pairs.find((p) => p.positive.startsWith('Pride and Prejudice. Elizabeth Bennet'))
  expect(pride?.anchor).toMatch(
    /^First impressions can hide a person's true character\.; Pride and prejudice/,
  )

  const status = await cli('embeddings-status.ts')
  // the model EMBEDDING_MODEL=auto serves on a fresh clone (our shipped idea encoder)
  const served = targetModel(loadConfig({ ...process.env, DATA_DIR: dataDir }).search).id
  const serving = status.stdout.split('\n').find((line) => line.startsWith('serving'))
  expect(serving).toMatch(/^serving +\S+ +12\/12 books embedded/)
  expect(serving?.split(/ +/)[1]).toBe(served)
  expect(status.stdout).toMatch(/next +\(the same model: nothing to re-embed\)/)
})

it('exits 1 on a missing file and 2 on bad usage', async () => {
  await expect(catalogImport(path.join(dataDir, 'nope.jsonl'))).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/does not exist/),
  })
  await expect(catalogImport()).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/Usage/) })
})
