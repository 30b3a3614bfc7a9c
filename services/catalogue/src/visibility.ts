import type { UserRow } from '@bookstrut/accounts'
import type { ExpressionBuilder } from 'kysely'
import { actsFor, type DB, type BookRow } from '@bookstrut/core'

/*
 * The one rule of who may see a book (issue 47; SECURITY.md, "Who may see a book"). A book is public when it is
 * approved (status 1), active, and listed by an account that is not blocked: a blocked author's books are public
 * nowhere (search in both modes, the book page, favourites, the Top 20, topics, the sitemap, events). Its owner and
 * admins see it in any state. Every query and check that shows a book goes through these functions, so the rule
 * cannot drift between them. The keyword index's triggers (migrations 2026_11_25_0900 and 2026_12_03_1100) spell
 * it in SQL: a migration never imports app code.
 */

/** Who is asking: a signed-in account (its role decides what it may see of others' listings), or null. */
export type Viewer = Pick<UserRow, 'id' | 'role'> | null | undefined

/** The listing's owner is blocked (an expression on `podcasts`, for a select or a where-clause). */
export const ownerIsBlocked = (eb: ExpressionBuilder<DB, 'podcasts'>) =>
  eb
    .exists(
      eb
        .selectFrom('users as owner')
        .select('owner.id')
        .whereRef('owner.id', '=', 'podcasts.create_by')
        .where('owner.is_blocked', '=', true),
    )
    .$castTo<boolean>()

/** Listings anybody may see: approved, active, and not listed by a blocked account (a where-clause on `podcasts`). */
export const isPublic = (eb: ExpressionBuilder<DB, 'podcasts'>) =>
  eb.and([eb('podcasts.status', '=', 1), eb('podcasts.is_active', '=', true), eb.not(ownerIsBlocked(eb))])

/** What the rule reads of a row already read: its state and whether its owner is blocked (`ownerIsBlocked`). */
export type VisibilityFacts = Pick<BookRow, 'status' | 'is_active' | 'create_by'> & { owner_blocked: boolean }

/** The same rule for a row already read. */
export const isPublicRow = (row: VisibilityFacts) => row.status === 1 && row.is_active && !row.owner_blocked

/** A viewer sees a listing when it is public, or when they act for its owner (the owner, or an admin). */
export const canSeeBook = (viewer: Viewer, row: VisibilityFacts) =>
  isPublicRow(row) || actsFor(viewer, row.create_by)
