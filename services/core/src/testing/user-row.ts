import { newId } from '../ids.js'
import type { Db } from '../db/database.js'

let seq = 0

/**
 * The columns of `users` (@bookstrut/accounts' accounts.tables.ts) this helper writes: core cannot depend on
 * accounts, so Kysely's `withTables` names them here for the one insert.
 */
interface InsertedUserColumns {
  id: string
  email: string
  first_name: string
  last_name: string
  role: 'reader' | 'author' | 'publisher' | 'admin'
  password_hash: string
  is_verified: boolean
  is_blocked: boolean
  block_notes: string
  created_at: Date
  updated_at: Date
}

/**
 * A user row written straight to the database, without a session. `passwordHash` defaults to a value no password
 * matches: a listing's owner made for a test needs no sign-in (the signed-in factory, buildUser, is in
 * @bookstrut/accounts/testing, beside the password hashing it uses). Returns the id.
 */
export async function insertUser(
  db: Db,
  opts: {
    role?: 'reader' | 'author' | 'publisher' | 'admin'
    blocked?: boolean
    passwordHash?: string
    /** when the account was made: by default 30 days ago, an established reader (core reader-weight.ts) */
    createdAt?: Date
  } = {},
): Promise<string> {
  const now = new Date()
  // A factory's reader is a real reader, not a sock puppet made this morning, unless a test says so.
  const createdAt = opts.createdAt ?? new Date(now.getTime() - 30 * 86_400_000)
  const id = newId()
  await db
    .withTables<{ users: InsertedUserColumns }>()
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
      created_at: createdAt,
      updated_at: now,
    })
    .execute()
  return id
}
