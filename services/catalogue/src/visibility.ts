import type { ExpressionBuilder } from 'kysely'
import type { DB, BookRow } from '@bookstrut/core'

/*
 * The one rule of which listings the public sees: approved (status 1) and active. Every query and check that shows
 * a book to readers (search, favourites, the Top 20, tracked books, the keyword index) goes through these two,
 * so the rule cannot drift between them. The keyword index's trigger (migration 2026_11_25_0900) spells it in SQL:
 * a migration never imports app code.
 */

/** Listings anybody may see: approved and active (a where-clause on `podcasts`). */
export const isPublic = (eb: ExpressionBuilder<DB, 'podcasts'>) =>
  eb.and([eb('podcasts.status', '=', 1), eb('podcasts.is_active', '=', true)])

/** The same rule for a row already read. */
export const isPublicRow = (row: Pick<BookRow, 'status' | 'is_active'>) => row.status === 1 && row.is_active
