import type { DbOrTx } from '@bookstrut/core'
import type { SessionRow, UserRow } from './accounts.tables.js'

export interface NewSession {
  id: string
  userId: string
  tokenHash: string
  createdAt: Date
  expiresAt: Date
  userAgent: string | null
  ip: string | null
}

export const insertSession = (db: DbOrTx, s: NewSession) =>
  db
    .insertInto('sessions')
    .values({
      id: s.id,
      user_id: s.userId,
      token_hash: s.tokenHash,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      user_agent: s.userAgent,
      ip: s.ip,
    })
    .execute()

/** The session for a token hash, with its user, when it is neither revoked nor expired at `now`. */
export async function findLiveSession(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.token_hash',
      'sessions.created_at as session_created_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.user_agent',
      'sessions.ip',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst()
  if (!row) return undefined
  const { session_id, token_hash, session_created_at, expires_at, revoked_at, user_agent, ip, ...user } = row
  return {
    session: {
      id: session_id,
      user_id: user.id,
      token_hash,
      created_at: session_created_at,
      expires_at,
      revoked_at,
      user_agent,
      ip,
    },
    user,
  }
}

/** Whose session a token hash was, live or not (to tell "your session ended" from "not signed in"). */
export async function findSessionOwner(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  return row?.user_id
}

export const revokeSession = (db: DbOrTx, sessionId: string, now: Date) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()

/** Revokes every live session of a user, except `keepSessionId` when given (the one making the change). */
export async function revokeUserSessions(db: DbOrTx, userId: string, now: Date, keepSessionId?: string) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
  if (keepSessionId) q = q.where('id', '!=', keepSessionId)
  await q.execute()
}

/**
 * The addresses an account has signed in from since `since` (its newest sessions first, at most `limit`): the
 * addresses a reset code from its owner is expected from.
 */
export async function recentAddressesOf(
  db: DbOrTx,
  email: string,
  since: Date,
  limit = 50,
): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.ip')
    .where('users.email', '=', email)
    .where('sessions.created_at', '>', since)
    .where('sessions.ip', 'is not', null)
    .orderBy('sessions.created_at', 'desc')
    .limit(limit)
    .execute()
  return [...new Set(rows.map((r) => r.ip).filter((ip): ip is string => ip !== null))]
}
