import type { DbOrTx } from '@bookstrut/core'
import type { OtpPurpose, OtpRow } from './accounts.tables.js'

export interface NewOtp {
  id: string
  email: string
  purpose: OtpPurpose
  codeHash: string
  sentAt: Date
  expiresAt: Date
  /** Asked for from one of the account's usual addresses (reset codes; false for sign-up codes). */
  fromUsualAddress?: boolean
}

/** Stores a fresh code for an address and purpose, replacing (and so killing) any earlier one. */
export const replaceOtp = (db: DbOrTx, otp: NewOtp) =>
  db
    .insertInto('otp_codes')
    .values({
      id: otp.id,
      email: otp.email,
      purpose: otp.purpose,
      code_hash: otp.codeHash,
      sent_at: otp.sentAt,
      expires_at: otp.expiresAt,
      from_usual_address: otp.fromUsualAddress ?? false,
    })
    .onConflict((oc) =>
      oc.columns(['email', 'purpose']).doUpdateSet({
        id: otp.id,
        code_hash: otp.codeHash,
        sent_at: otp.sentAt,
        expires_at: otp.expiresAt,
        attempts: 0,
        attempts_from_new_addresses: 0,
        from_usual_address: otp.fromUsualAddress ?? false,
        verified_at: null,
        consumed_at: null,
      }),
    )
    .execute()

/** The code row of one address and purpose (one at most: the pair has a unique index). */
const otpOf = (db: DbOrTx, email: string, purpose: OtpPurpose) =>
  db.selectFrom('otp_codes').selectAll().where('email', '=', email).where('purpose', '=', purpose)

export const findOtp = (db: DbOrTx, email: string, purpose: OtpPurpose): Promise<OtpRow | undefined> =>
  otpOf(db, email, purpose).executeTakeFirst()

/** Reads the code row under a row lock, so two concurrent checks cannot both use one code or one try. */
export const lockOtp = (db: DbOrTx, email: string, purpose: OtpPurpose): Promise<OtpRow | undefined> =>
  otpOf(db, email, purpose).forUpdate().executeTakeFirst()

/** Which counter a wrong try goes to: tries from new addresses are counted apart from the owner's own. */
export type OtpAttemptsColumn = 'attempts' | 'attempts_from_new_addresses'

export const recordOtpFailure = (db: DbOrTx, id: string, column: OtpAttemptsColumn = 'attempts') =>
  db
    .updateTable('otp_codes')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', '=', id)
    .execute()

export const markOtpVerified = (db: DbOrTx, id: string, now: Date) =>
  db.updateTable('otp_codes').set({ verified_at: now }).where('id', '=', id).execute()

export const markOtpConsumed = (db: DbOrTx, id: string, now: Date) =>
  db.updateTable('otp_codes').set({ consumed_at: now }).where('id', '=', id).execute()
