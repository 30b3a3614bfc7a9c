import { afterAll, beforeAll, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { promisify } from 'node:util'
import path from 'node:path'
import { testRedisUrl, until } from '@bookstrut/core/testing'
import { buildTestApp, type TestApp } from '../test/test-app.js'
import { client } from '../test/api-client.js'

// `catalog:import --wait` against a running app: the app must find the imported books by ideas as soon as the
// command returns, told through the embed worker's Redis channel. The app's own catch-up is set to a day and no
// workers run beside it (no embed worker, no sweep), so the only way the books reach its index is the command's
// announcements.

const run = promisify(execFile)
const apiRoot = path.resolve(import.meta.dirname, '../..')
const sample = path.resolve(apiRoot, '../../data-samples/classics.jsonl')
const prideIdeas = [
  "First impressions can hide a person's true character.",
  'Pride and prejudice keep two clever people apart.',
  "Marriage shapes a woman's security and freedom in Regency England.",
]

let t: TestApp
let dataDir: string
beforeAll(async () => {
  t = await buildTestApp({ IDEA_INDEX_CATCH_UP_MS: String(86_400_000) }, undefined, { start: false })
  dataDir = await mkdtemp(path.join(tmpdir(), 'bookstrut-cli-live-'))
})
afterAll(async () => {
  await t?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const titlesFound = async () => {
  const res = await client(t.app).get<{ title: string }[]>(
    `/search/podcast?${new URLSearchParams({
      firstField: prideIdeas[0]!,
      secondField: prideIdeas[1]!,
      thirdField: prideIdeas[2]!,
    }).toString()}`,
  )
  expect(res.status).toBe(200)
  return res.body.data.map((p) => p.title)
}

it('makes the imported books findable by ideas in a running app through its announcements, not its catch-up', async () => {
  expect(await titlesFound()).toEqual([])
  expect(t.app.ideaSearch.current.bookCount).toBe(0)

  const imported = await run(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/cli/catalog-import.ts', sample, '--wait'],
    {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: dataDir,
        REDIS_URL: testRedisUrl,
        REDIS_PREFIX: t.config.redis.prefix,
        PASSWORD_HASH_COST: '10',
      },
    },
  )
  expect(imported.stdout).toMatch(/--wait: 12 of 12 books embedded with .*; running apps told of 12 books\./)

  await until('the running app to load the announced books', () => t.app.ideaSearch.current.bookCount === 12)
  expect((await titlesFound())[0]).toBe('Pride and Prejudice')
  // The command starts a process and loads a model: minutes on a loaded machine.
}, 180_000)
