import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startApp, type RunningApp } from './api-server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:PORT of the API the component tests talk to. */
    apiBaseUrl: string
    /** Its DATA_DIR: sign-up and reset codes are read from DATA_DIR/outbox. */
    apiDataDir: string
    /** Its database, where factories write accounts and site content (src/test/factories.ts). */
    apiDatabaseUrl: string
    /** Its Redis prefix: src/test/events.ts reads the analytics events it queued. */
    apiRedisPrefix: string
  }
}

/**
 * One real API process for the whole client test run (the built services/api/dist: `npm run build` first).
 * Its address reaches the tests through `inject`; src/test/setup.ts points jsdom's location at it, so the
 * api-client's relative /api/v1 requests are same-origin requests to this server.
 *
 * In watch mode every rerun gets a fresh server, so the server's per-IP rate limits (OTP mails: 10 an hour)
 * start from zero each time.
 */
export default async function setup(project: TestProject) {
  let app: RunningApp = await startApp({ label: 'client' })
  const provide = () => {
    project.provide('apiBaseUrl', app.baseUrl)
    project.provide('apiDataDir', app.dataDir)
    project.provide('apiDatabaseUrl', app.databaseUrl)
    project.provide('apiRedisPrefix', app.redisPrefix)
  }
  provide()
  project.onTestsRerun(async () => {
    await app.stop()
    app = await startApp({ label: 'client' })
    provide()
  })
  return async () => {
    await warnNearMailLimit(app)
    await app.stop()
  }
}

/** The server mails at most 10 codes an hour to one IP; all of these tests come from 127.0.0.1. */
async function warnNearMailLimit(app: RunningApp) {
  const mails = (await readdir(path.join(app.dataDir, 'outbox')).catch(() => [])).length
  if (process.env.SHOW_MAIL_COUNT || mails >= 8) {
    console.warn(
      `client tests: ${mails} OTP mails this run (the API allows 10 an hour per IP). ` +
        'Give new tests factory accounts (src/test/factories.ts) instead of mailed codes.',
    )
  }
}
