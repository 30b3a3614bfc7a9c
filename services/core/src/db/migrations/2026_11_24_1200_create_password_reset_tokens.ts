import type { Kysely } from 'kysely'
import { createTable, ID, NOW, notNull, cascadingRef, addIndex } from './schema-helpers.js'

/**
 * One-time tokens handed out by step 2 of the password reset (a verified code) and required by step 3. Only the
 * token's hash is stored. `otp_id` binds a token to the code it came from: a new code replaces the code row (a new
 * id), which voids every token of the old one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, 'password_reset_tokens', {
    id: ID,
    user_id: cascadingRef('users.id'),
    otp_id: notNull('char(24)'),
    token_hash: ['text', (c) => c.notNull().unique()],
    created_at: NOW,
    expires_at: notNull('timestamptz'),
    used_at: 'timestamptz',
  }).execute()
  await addIndex(db, 'password_reset_tokens', 'password_reset_tokens_user_id_idx', 'user_id')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute()
}
