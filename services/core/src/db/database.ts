import pg from 'pg'
import { Kysely, Migrator, PostgresDialect, type Transaction } from 'kysely'
import { migrations } from './migrations/index.js'
import type { UsersTable, SessionsTable, OtpCodesTable, PasswordResetTokensTable } from './accounts.tables.js'
import type {
  BlogPostsTable,
  ContactMessagesTable,
  FaqsTable,
  InformationPagesTable,
  SiteSettingsTable,
} from './content.tables.js'
import type { EpisodesTable, MembershipsTable, PlansTable, BooksTable } from './catalogue.tables.js'
import type { ListingPendingChangesTable } from './pending-changes.tables.js'
import type { GhostsTable, ReportTypesTable, ReportsTable } from './ghosts.tables.js'
import type { ImportedMediaTable } from './catalogue-import.tables.js'
import type { SearchHistoryTable } from './search-history.tables.js'
import type { BookEmbeddingsTable, EventOutboxTable, SearchStateTable } from './embeddings.tables.js'
import type { PaymentsTable, StripeEventsTable } from './payments.tables.js'
import type { ReactionDaysTable, ReactionsTable } from './reactions.tables.js'
import type { AdminAuditLogTable, Top20ReleasesTable } from './admin.tables.js'
import type { BookFoundIdeasTable, FoundItConfirmationsTable } from './found-it.tables.js'
import type { TopicBooksTable, TopicCandidatesTable, TopicsTable } from './topics.tables.js'
import type { Top20DaysTable, Top20EntriesTable, Top20HeldTable, Top20RankingsTable } from './top20.tables.js'

export interface DB {
  users: UsersTable
  sessions: SessionsTable
  otp_codes: OtpCodesTable
  password_reset_tokens: PasswordResetTokensTable
  information_pages: InformationPagesTable
  site_settings: SiteSettingsTable
  faqs: FaqsTable
  blog_posts: BlogPostsTable
  contact_messages: ContactMessagesTable
  plans: PlansTable
  memberships: MembershipsTable
  podcasts: BooksTable
  episodes: EpisodesTable
  listing_pending_changes: ListingPendingChangesTable
  ghosts: GhostsTable
  report_types: ReportTypesTable
  reports: ReportsTable
  imported_media: ImportedMediaTable
  search_history: SearchHistoryTable
  book_embeddings: BookEmbeddingsTable
  event_outbox: EventOutboxTable
  search_state: SearchStateTable
  payments: PaymentsTable
  stripe_events: StripeEventsTable
  likes: ReactionsTable
  favorites: ReactionsTable
  reaction_days: ReactionDaysTable
  top20_rankings: Top20RankingsTable
  top20_entries: Top20EntriesTable
  top20_days: Top20DaysTable
  top20_held: Top20HeldTable
  admin_audit_log: AdminAuditLogTable
  top20_releases: Top20ReleasesTable
  found_it_confirmations: FoundItConfirmationsTable
  book_found_ideas: BookFoundIdeasTable
  topics: TopicsTable
  topic_books: TopicBooksTable
  topic_candidates: TopicCandidatesTable
}
export type Db = Kysely<DB>
export type DbOrTx = Kysely<DB> | Transaction<DB>

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
        // Another process may have created it between the check and the create.
        if ((err as { code?: string }).code !== '42P04') throw err
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
