import { sql, type Kysely } from 'kysely'
import { addIndex } from './schema-helpers.js'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('reader', 'author', 'publisher', 'admin')`),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('block_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_image', 'text')
    .addColumn('banner_image', 'text')
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('website_and_social_links', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('cust_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // Emails are stored lower-cased; the unique index is what stops duplicate accounts.
  await db.schema.createIndex('users_email_key').on('users').column('email').unique().execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute()
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('signup', 'reset')`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .execute()
  // One live code per address and purpose: a new code replaces the old one.
  await addIndex(db, 'otp_codes', 'otp_codes_email_purpose_key', ['email', 'purpose'], { unique: true })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('otp_codes').execute()
  await db.schema.dropTable('sessions').execute()
  await db.schema.dropTable('users').execute()
}
