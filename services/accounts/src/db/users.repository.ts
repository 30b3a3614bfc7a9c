import type { DbOrTx } from '@bookstrut/core'
import type { NewUser, UserRow, UserUpdate } from './accounts.tables.js'
import { canonicalEmail, typedEmail } from '../identity/mailbox.js'

/**
 * The account of an e-mail address as typed or of its mailbox (identity/mailbox.ts): `X+3@gmail.com` finds the
 * account of `x+1@gmail.com`. The address exactly as typed wins, so an older account that shares its mailbox
 * (kept with a NULL canonical address) still signs in with its own address.
 */
export const findUserByEmail = (db: DbOrTx, email: string): Promise<UserRow | undefined> =>
  db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([eb('email', '=', typedEmail(email)), eb('email_canonical', '=', canonicalEmail(email))]),
    )
    .orderBy((eb) => eb(eb.ref('email'), '=', typedEmail(email)), 'desc')
    .limit(1)
    .executeTakeFirst()

/** The stored form of a new account's address: as typed (trimmed, lower-cased) and its mailbox's. */
const withMailbox = (user: NewUser): NewUser => ({
  ...user,
  email: typedEmail(user.email),
  email_canonical: canonicalEmail(user.email),
})

/** Postgres's unique_violation: another account already holds the address or its mailbox. */
const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === '23505'

export const findUserById = (db: DbOrTx, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()

/**
 * Inserts a new unverified account, or replaces the details of an existing account of the same mailbox that was
 * never verified (someone signing up again, perhaps spelling the address another way: the new spelling is kept,
 * the code goes there). Returns undefined when a verified account holds the mailbox, or when an older account
 * that shares it (NULL canonical address) holds the address typed.
 */
export const upsertUnverifiedUser = (db: DbOrTx, user: NewUser): Promise<UserRow | undefined> =>
  db
    .insertInto('users')
    .values(withMailbox(user))
    .onConflict((oc) =>
      oc
        .column('email_canonical')
        .doUpdateSet((eb) => ({
          email: eb.ref('excluded.email'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          role: eb.ref('excluded.role'),
          password_hash: eb.ref('excluded.password_hash'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('users.is_verified', '=', false),
    )
    .returningAll()
    .executeTakeFirst()
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) return undefined
      throw err
    })

/** Inserts an account that is usable at once (admins made from the command line). */
export const insertUser = (db: DbOrTx, user: NewUser): Promise<UserRow> =>
  db.insertInto('users').values(withMailbox(user)).returningAll().executeTakeFirstOrThrow()

export const updateUser = (db: DbOrTx, id: string, patch: UserUpdate): Promise<UserRow | undefined> =>
  db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst()
