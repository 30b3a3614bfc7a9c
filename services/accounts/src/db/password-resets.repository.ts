import type { DbOrTx } from '@bookstrut/core'

export interface NewResetToken {
  id: string
  userId: string
  otpId: string
  tokenHash: string
  createdAt: Date
  expiresAt: Date
}

export const insertResetToken = (db: DbOrTx, t: NewResetToken) =>
  db
    .insertInto('password_reset_tokens')
    .values({
      id: t.id,
      user_id: t.userId,
      otp_id: t.otpId,
      token_hash: t.tokenHash,
      created_at: t.createdAt,
      expires_at: t.expiresAt,
    })
    .execute()

/**
 * The live token for a hash, with its account's id and e-mail: not used, not expired, and still bound to the
 * account's current reset code (a newer code has a new row id, so the old code's tokens no longer match).
 */
export const findLiveResetToken = (db: DbOrTx, tokenHash: string, now: Date) =>
  db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('otp_codes as o', (join) =>
      join.onRef('o.id', '=', 't.otp_id').onRef('o.email', '=', 'u.email').on('o.purpose', '=', 'reset'),
    )
    .select(['t.id', 't.user_id', 'u.email'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .executeTakeFirst()

/**
 * Spends a token: marks it used only if it still is live and its code was not replaced meanwhile, so of two
 * concurrent resets with one token exactly one wins, and a new code asked for meanwhile still voids it.
 * Returns whether this call spent it.
 */
export async function spendResetToken(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('otp_codes as o')
          .select('o.id')
          .whereRef('o.id', '=', 'password_reset_tokens.otp_id')
          .where('o.purpose', '=', 'reset'),
      ),
    )
    .executeTakeFirst()
  return res.numUpdatedRows === 1n
}

/** Voids every unused token of an account (a finished reset ends the others). */
export const voidUserResetTokens = (db: DbOrTx, userId: string, now: Date) =>
  db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
