import { newId } from '../ids.js'
import type { Db } from '../db/database.js'

let seq = 0

/**
 * A user row written straight to the database, without a session. `passwordHash` defaults to a value no password
 * matches: a listing's owner made for a test needs no sign-in (the signed-in factory, buildUser, is in
 * @bookstrut/accounts/testing, beside the password hashing it uses). Returns the id.
 */
export async function insertUser(
  db: Db,
  opts: { role?: 'reader' | 'author' | 'publisher' | 'admin'; blocked?: boolean; passwordHash?: string } = {},
): Promise<string> {
  const now = new Date()
  const id = newId()
  await db
    .insertInto('users')
    .values({
      id,
      email: `user${++seq}.${id}@example.com`,
      first_name: 'Test',
      last_name: `User${seq}`,
      role: opts.role ?? 'reader',
      password_hash: opts.passwordHash ?? '!',
      is_verified: true,
      is_blocked: opts.blocked ?? false,
      block_notes: opts.blocked ? 'Blocked in a test' : '',
      created_at: now,
      updated_at: now,
    })
    .execute()
  return id
}
