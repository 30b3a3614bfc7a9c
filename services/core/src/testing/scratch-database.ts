import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { testAdminUrl } from './test-stores.js'

export interface ScratchDatabase {
  name: string
  url: string
  /** removes the database, closing whatever connections are still open to it */
  drop(): Promise<void>
}

/** A random name with `label` in it (`bookstrut_<label>_<hex>`), so a leftover database says whose it was. */
export const scratchName = (label: string) => `bookstrut_${label}_${randomBytes(6).toString('hex')}`

/** A Redis key prefix of its own for one test file or app, so counters and queues start empty. */
export const testPrefix = (label = 't') => `${label}${randomBytes(4).toString('hex')}`

async function onAdmin(query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testAdminUrl })
  await admin.connect()
  try {
    await admin.query(query)
  } finally {
    await admin.end()
  }
}

/**
 * An empty database on the test server (not migrated: the app migrates its own on start). Plain `pg`, so the
 * client's test harness can use it too.
 */
export async function createScratchDatabase(label = 'test'): Promise<ScratchDatabase> {
  const name = scratchName(label)
  await onAdmin(`create database ${name}`)
  const url = new URL(testAdminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () => onAdmin(`drop database if exists ${name} with (force)`),
  }
}
