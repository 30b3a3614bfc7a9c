import { sql, type Kysely } from 'kysely'
import { addIndex } from './schema-helpers.js'

/**
 * One-time tokens handed out by step 2 of the password reset (a verified code) and required by step 3. Only the
 * token's hash is stored. `otp_id` binds a token to the code it came from: a new code replaces the code row (a new
 * id), which voids every token of the old one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('otp_id', 'char(24)', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await addIndex(db, 'password_reset_tokens', 'password_reset_tokens_user_id_idx', 'user_id')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute()
}
