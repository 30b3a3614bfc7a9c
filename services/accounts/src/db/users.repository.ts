import type { DbOrTx, NewUser, UserRow, UserUpdate } from '@bookstrut/core'

export const findUserByEmail = (db: DbOrTx, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst()

export const findUserById = (db: DbOrTx, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()

/**
 * Inserts a new unverified account, or replaces the details of an existing account that was never verified
 * (someone signing up again with the same address). Returns undefined when a verified account holds the address.
 */
export const upsertUnverifiedUser = (db: DbOrTx, user: NewUser): Promise<UserRow | undefined> =>
  db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase() })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet((eb) => ({
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

/** Inserts an account that is usable at once (admins made from the command line). */
export const insertUser = (db: DbOrTx, user: NewUser): Promise<UserRow> =>
  db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase() })
    .returningAll()
    .executeTakeFirstOrThrow()

export const updateUser = (db: DbOrTx, id: string, patch: UserUpdate): Promise<UserRow | undefined> =>
  db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst()
