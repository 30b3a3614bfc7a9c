import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { analyticsStoreContract } from './analytics-store.contract.js'
import { createChdbStore } from './chdb-store.js'

// chDB allows one data folder per process: this file's own, in a temporary folder.
const dir = await mkdtemp(path.join(tmpdir(), 'bookstrut-chdb-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

analyticsStoreContract('chDB (embedded)', async () => createChdbStore(dir))
