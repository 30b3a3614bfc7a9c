import { sql, type Kysely } from 'kysely'
import { createTable, ID, NOW, notNull, cascadingRef, addIndex, dropTables } from './schema-helpers.js'

export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'users', {
    id: ID,
    email: notNull('text'),
    first_name: notNull('text'),
    last_name: notNull('text'),
    role: ['text', (c) => c.notNull().check(sql`role in ('reader', 'author', 'publisher', 'admin')`)],
    password_hash: notNull('text'),
    is_verified: notNull('boolean', false),
    is_blocked: notNull('boolean', false),
    block_notes: notNull('text', ''),
    profile_image: 'text',
    banner_image: 'text',
    bio: notNull('text', ''),
    website_and_social_links: notNull(sql`text[]`, sql`'{}'`),
    cust_id: 'text',
    created_at: NOW,
    updated_at: NOW,
  }).execute()
  // Emails are stored lower-cased; the unique index is what stops duplicate accounts.
  await addIndex(db, 'users', 'users_email_key', 'email', { unique: true })

  await createTable(db, 'sessions', {
    id: ID,
    user_id: cascadingRef('users.id'),
    token_hash: ['text', (c) => c.notNull().unique()],
    created_at: notNull('timestamptz'),
    expires_at: notNull('timestamptz'),
    revoked_at: 'timestamptz',
    user_agent: 'text',
    ip: 'text',
  }).execute()
  await addIndex(db, 'sessions', 'sessions_user_id_idx', 'user_id')

  await createTable(db, 'otp_codes', {
    id: ID,
    email: notNull('text'),
    purpose: ['text', (c) => c.notNull().check(sql`purpose in ('signup', 'reset')`)],
    code_hash: notNull('text'),
    attempts: notNull('integer', 0),
    sent_at: notNull('timestamptz'),
    expires_at: notNull('timestamptz'),
    verified_at: 'timestamptz',
    consumed_at: 'timestamptz',
  }).execute()
  // One live code per address and purpose: a new code replaces the old one.
  await addIndex(db, 'otp_codes', 'otp_codes_email_purpose_key', ['email', 'purpose'], { unique: true })
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'otp_codes', 'sessions', 'users')
}
