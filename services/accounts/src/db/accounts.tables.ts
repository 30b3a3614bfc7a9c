import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

type CreatedAt = ColumnType<Date, Date | undefined, never>

export interface UsersTable {
  id: string
  email: string
  /** the mailbox's canonical address (accounts' canonicalEmail), unique; NULL only for an older account that
   * shared its mailbox with an earlier one (migration 2026_12_02_1100) */
  email_canonical: string | null
  first_name: string
  last_name: string
  role: 'reader' | 'author' | 'publisher' | 'admin'
  password_hash: string
  is_verified: Generated<boolean>
  is_blocked: Generated<boolean>
  block_notes: Generated<string>
  profile_image: string | null
  banner_image: string | null
  bio: Generated<string>
  website_and_social_links: Generated<string[]>
  cust_id: string | null
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | undefined, Date>
}
export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>

export interface SessionsTable {
  id: string
  user_id: string
  token_hash: string
  created_at: Date
  expires_at: Date
  revoked_at: Date | null
  user_agent: string | null
  ip: string | null
}
export type SessionRow = Selectable<SessionsTable>

export interface OtpCodesTable {
  id: string
  email: string
  purpose: 'signup' | 'reset'
  code_hash: string
  /** Wrong tries from the account's usual addresses (and every wrong try at a sign-up code). */
  attempts: Generated<number>
  /** Wrong tries at a reset code from addresses the account has not used lately (counted apart: issue 29). */
  attempts_from_new_addresses: Generated<number>
  /** The code was asked for from one of the account's usual addresses. */
  from_usual_address: Generated<boolean>
  sent_at: Date
  expires_at: Date
  verified_at: Date | null
  consumed_at: Date | null
}
export type OtpRow = Selectable<OtpCodesTable>
export type OtpPurpose = OtpCodesTable['purpose']

/** One-time password-reset tokens (step 2 of the reset hands one out, step 3 spends it); only hashes are stored. */
export interface PasswordResetTokensTable {
  id: string
  user_id: string
  otp_id: string
  token_hash: string
  created_at: CreatedAt
  expires_at: Date
  used_at: Date | null
}
export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>

/** The accounts' tables (docs/architecture.md, "Tables"). */
export interface AccountsTables {
  users: UsersTable
  sessions: SessionsTable
  otp_codes: OtpCodesTable
  password_reset_tokens: PasswordResetTokensTable
}

// While code still typed with core's bare `Db` reads these tables, they are part of core's `DB` too (issue 47's
// transition; /work/notes/db-scheme.md): delete this once no bare `Db` is left.
declare module '@bookstrut/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the extends is its body
  interface DB extends AccountsTables {}
}
