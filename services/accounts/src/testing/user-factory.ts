import { newId, type Db } from '@bookstrut/core'
import { insertUser } from '@bookstrut/core/testing'
import { hashPassword } from '../auth/passwords.js'
import { hashToken, newSessionToken } from '../auth/tokens.js'

/**
 * Factory: a verified account (password `secret123`) with a live session, written straight to the database (the
 * sign-up journey itself is tested in the api's routes/users). Returns its id and token. The session lasts a year,
 * so tests that move the clock forward keep it.
 */
export async function buildUser(
  db: Db,
  opts: { role?: 'reader' | 'author' | 'publisher' | 'admin'; blocked?: boolean; createdAt?: Date } = {},
) {
  const now = new Date()
  const token = newSessionToken()
  const id = await insertUser(db, { ...opts, passwordHash: await hashPassword('secret123', 10) })
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
