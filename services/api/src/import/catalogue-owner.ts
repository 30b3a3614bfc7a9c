import { randomBytes } from 'node:crypto'
import { hashPassword, usersRepo, type UserRow } from '@bookstrut/accounts'
import { membershipsRepo } from '@bookstrut/billing'
import { catalogueImportRepo } from '@bookstrut/catalogue'
import { newId, type Db } from '@bookstrut/core'

/** Owner of imported books when `--owner` is not given. */
export const DEFAULT_CATALOGUE_OWNER = 'catalogue@bookstrut.local'

export class CatalogueOwnerError extends Error {}

export interface CatalogueOwner {
  user: UserRow
  created: boolean
  /** true when this call put the account on the unlimited plan */
  planGranted: boolean
}

/**
 * The account imported books belong to. A missing one is created as a verified publisher with a random
 * password nobody knows (an admin can reset it); an existing reader account is refused. Either way the account
 * ends up on the unlimited Elite Strut plan, so the import is never held back by a book limit.
 */
export async function ensureCatalogueOwner(
  db: Db,
  email: string,
  passwordHashCost: number,
  now: Date,
): Promise<CatalogueOwner> {
  let user = await usersRepo.findUserByEmail(db, email)
  let created = false
  if (!user) {
    const password = randomBytes(18).toString('base64url')
    ;({ user, created } = await catalogueImportRepo.findOrInsertUser(db, {
      id: newId(now.getTime()),
      email,
      first_name: 'BookStrut',
      last_name: 'Catalogue',
      role: 'publisher',
      password_hash: await hashPassword(password, passwordHashCost),
      is_verified: true,
      created_at: now,
      updated_at: now,
    }))
  }
  if (user.role === 'reader') {
    throw new CatalogueOwnerError(
      `${email} is a reader account; imported books need a publisher or author account`,
    )
  }
  const owner = user
  const planGranted = await db.transaction().execute(async (trx) => {
    const current = await membershipsRepo.currentMembership(trx, owner.id)
    if (current?.book_limit === -1) return false
    await membershipsRepo.grantPlan(trx, owner.id, membershipsRepo.ELITE_PLAN_ID, now)
    return true
  })
  return { user, created, planGranted }
}
