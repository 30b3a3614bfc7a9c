import type { Kysely } from 'kysely'
import { addIndex } from './schema-helpers.js'

/**
 * Issue 29, a password reset nobody else can block: a reset code remembers whether it was asked for from one of
 * the account's usual addresses, and counts wrong tries from other addresses apart from the owner's own, so a
 * stranger's wrong guesses cannot kill the code the owner is about to type.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('otp_codes')
    .addColumn('attempts_from_new_addresses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('from_usual_address', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  // "Which addresses has this account used lately": sessions by account and time.
  await addIndex(db, 'sessions', 'sessions_user_created_idx', ['user_id', 'created_at'])
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_user_created_idx').execute()
  await db.schema
    .alterTable('otp_codes')
    .dropColumn('attempts_from_new_addresses')
    .dropColumn('from_usual_address')
    .execute()
}
