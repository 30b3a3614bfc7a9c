import { sql, type Kysely } from 'kysely'
import validator from 'validator'

/*
 * One mailbox, one account (issue 45): every account gets its mailbox's canonical address, unique. The rule is
 * validator.js's normalizeEmail, as @bookstrut/accounts' canonicalEmail applies it at sign-up (a migration does not
 * import app code, so the two lines are repeated here; they must stay as that module's).
 *
 * Accounts that already share a mailbox keep working: the oldest of them holds the canonical address, the others
 * keep a NULL one (they still sign in by the address they typed), and no new account can be made for that mailbox.
 */
function canonicalEmail(email: string): string {
  const typed = email.trim().toLowerCase()
  if (!validator.isEmail(typed)) return typed
  const canonical = validator.normalizeEmail(typed)
  return canonical === false ? typed : canonical
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_canonical', 'text').execute()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const holders = new Map<string, string>()
  for (const row of rows as { id: string; email: string }[]) {
    const canonical = canonicalEmail(row.email)
    if (!holders.has(canonical)) holders.set(canonical, row.id)
  }
  for (const [canonical, id] of holders)
    await db.updateTable('users').set({ email_canonical: canonical }).where('id', '=', id).execute()
  await sql`create unique index users_email_canonical_key on users (email_canonical)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_canonical').execute()
}
