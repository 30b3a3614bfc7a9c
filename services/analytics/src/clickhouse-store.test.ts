import { randomUUID } from 'node:crypto'
import { afterAll, describe, it } from 'vitest'
import { testClickHouseUrl } from '@bookstrut/core/testing'
import { analyticsStoreContract } from './analytics-store.contract.js'
import { createClickHouseStore } from './clickhouse-store.js'

/*
 * The same contract against a ClickHouse server when CLICKHOUSE_URL answers (here: Debian's 18.16), in a scratch
 * database dropped afterwards; skipped with the reason printed otherwise.
 */
const reachable = async (url: string) => {
  const probe = createClickHouseStore(url)
  try {
    return await probe.ping()
  } catch {
    return false
  } finally {
    await probe.close()
  }
}

const url = testClickHouseUrl
const answers = url ? await reachable(url) : false

if (url && answers) {
  const database = `bookstrut_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`
  const admin = createClickHouseStore(url)
  await admin.exec(`CREATE DATABASE ${database}`)
  afterAll(async () => {
    await admin.exec(`DROP DATABASE IF EXISTS ${database}`)
    await admin.close()
  })
  analyticsStoreContract(`ClickHouse server at ${url}`, async () => createClickHouseStore(url, database))
} else {
  const reason = url ? `TEST_CLICKHOUSE_URL=${url} does not answer` : 'TEST_CLICKHOUSE_URL is not set'
  console.log(`skipping the ClickHouse server contract tests: ${reason}`)
  describe.skip(`analytics store contract: ClickHouse server (${reason})`, () => {
    it('needs a server', () => undefined)
  })
}
