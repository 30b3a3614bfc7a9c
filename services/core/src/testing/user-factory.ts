import { newId } from '../ids.js'
import { hashPassword } from '../auth/passwords.js'
import { hashToken, newSessionToken } from '../auth/tokens.js'
import type { Db } from '../db/database.js'

let seq = 0

/**
 * Factory: a verified account with a live session, written straight to the database (the sign-up journey
 * itself is tested in the api's routes/users). Returns its id and token. The session lasts a year, so tests that move
 * the clock forward keep it.
 */
export async function buildUser(
  db: Db,
  opts: { role?: 'reader' | 'author' | 'publisher' | 'admin'; blocked?: boolean } = {},
) {
  const now = new Date()
  const id = newId()
  const token = newSessionToken()
  await db
    .insertInto('users')
    .values({
      id,
      email: `user${++seq}.${id}@example.com`,
      first_name: 'Test',
      last_name: `User${seq}`,
      role: opts.role ?? 'reader',
      password_hash: await hashPassword('secret123', 10),
      is_verified: true,
      is_blocked: opts.blocked ?? false,
      block_notes: opts.blocked ? 'Blocked in a test' : '',
      created_at: now,
      updated_at: now,
    })
    .execute()
  await db
    .insertInto('sessions')
    .values({
      id: newId(),
      user_id: id,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: new Date(now.getTime() + 365 * 86_400_000),
      user_agent: null,
      ip: null,
    })
    .execute()
  return { id, token }
}
