import pg from 'pg'
import { Kysely, Migrator, PostgresDialect, type Transaction } from 'kysely'
import { migrations } from './migrations/index.js'
import type {
  BlogPostsTable,
  ContactMessagesTable,
  FaqsTable,
  InformationPagesTable,
  SiteSettingsTable,
} from './content.tables.js'
import type { EpisodesTable, BooksTable } from './catalogue.tables.js'
import type { GhostsTable, ReportTypesTable, ReportsTable } from './ghosts.tables.js'
import type { ImportedMediaTable } from './catalogue-import.tables.js'
import type { BookEmbeddingsTable, EventOutboxTable, SearchStateTable } from './embeddings.tables.js'
import type { ReactionDaysTable, ReactionsTable } from './reactions.tables.js'
import type { AdminAuditLogTable } from './audit-log.tables.js'
import type { Top20DaysTable, Top20EntriesTable, Top20HeldTable, Top20RankingsTable } from './top20.tables.js'

/**
 * The tables still declared in core, and (merged in by their tables files while code typed with the bare `Db` reads
 * them) the tables of accounts, billing and admin. A domain's own functions name their tables instead.
 */
export interface DB {
  information_pages: InformationPagesTable
  site_settings: SiteSettingsTable
  faqs: FaqsTable
  blog_posts: BlogPostsTable
  contact_messages: ContactMessagesTable
  podcasts: BooksTable
  episodes: EpisodesTable
  ghosts: GhostsTable
  report_types: ReportTypesTable
  reports: ReportsTable
  imported_media: ImportedMediaTable
  book_embeddings: BookEmbeddingsTable
  event_outbox: EventOutboxTable
  search_state: SearchStateTable
  likes: ReactionsTable
  favorites: ReactionsTable
  reaction_days: ReactionDaysTable
  top20_rankings: Top20RankingsTable
  top20_entries: Top20EntriesTable
  top20_days: Top20DaysTable
  top20_held: Top20HeldTable
  admin_audit_log: AdminAuditLogTable
}
/**
 * A connection typed with the tables its user reads and writes: a domain's functions take `DbOrTx<TheirTables>`
 * (their package's tables and those of the packages they depend on); the full database is composed at the top
 * (services/api's `AppTables`). `Tables` defaults to the tables still declared here while the domains move theirs
 * out (issue 47; /work/notes/db-scheme.md).
 */
export type Db<Tables = DB> = Kysely<Tables>
/** A connection or a transaction on it (a Kysely `Transaction` is a `Kysely`; one type keeps `narrowDb` inferable). */
export type DbOrTx<Tables = DB> = Kysely<Tables>

/** Tables `Sub` names, each as `Full` declares it: what a connection over `Full` may be narrowed to. */
export type SomeTablesOf<Full, Sub> = { [Name in keyof Sub]: Name extends keyof Full ? Full[Name] : never }

/**
 * Kysely's types are invariant in their tables (its builders take and hand back the table map in both directions),
 * so tsc refuses a Kysely over every table where a Kysely over some of them is expected, although it is the same
 * connection. This is the one place that says so: it hands the same object on, typed with fewer tables, and
 * `SomeTablesOf` keeps it honest (every table `Sub` names has the same shape in `Full`). `Sub` is inferred from
 * where the result goes, e.g. `usersRepo.findById(narrowDb(app.db), id)`.
 */
export function narrowDb<Full, Sub extends SomeTablesOf<Full, Sub>>(db: Transaction<Full>): Kysely<Sub>
export function narrowDb<Full, Sub extends SomeTablesOf<Full, Sub>>(db: Kysely<Full>): Kysely<Sub>
export function narrowDb<Full, Sub extends SomeTablesOf<Full, Sub>>(db: Kysely<Full>): Kysely<Sub> {
  return db as unknown as Kysely<Sub>
}

// bigint (int8) comes back as a string by default; counts fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

export function createDb(url: string, max = 10, onIdleError: (err: Error) => void = () => undefined): Db {
  const pool = new pg.Pool({ connectionString: url, max })
  // An idle client can lose its connection (server restart, shutdown); without a listener that would crash
  // the process. The pool replaces the client on the next query. The error pg hands over carries the client
  // (with its connection secrets): only its message and code go on, so a log line never shows them.
  pool.on('error', (err) => onIdleError(withoutConnection(err)))
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
}

function withoutConnection(err: Error): Error {
  const plain = new Error(err.message)
  const code = (err as { code?: unknown }).code
  if (typeof code === 'string') Object.assign(plain, { code })
  return plain
}

/** Creates the database named in `url` when the server does not have it yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''))
  if (!name) throw new Error('DATABASE_URL must name a database')
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`).catch((err: unknown) => {
        // Another process (a replica starting beside this one) may have created it between the check and the
        // create: 42P04 when it had finished, 23505 when both inserted into pg_database at once.
        const code = (err as { code?: string }).code
        if (code !== '42P04' && code !== '23505') throw err
      })
    }
  } finally {
    await client.end()
  }
}

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`)
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** True when a PostgreSQL server answers at `url`. */
export async function pingDatabase(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}
