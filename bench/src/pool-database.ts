import { sql } from 'kysely'
import type { Db } from '@bookstrut/core'
import { ensureCatalogueOwner } from '@bookstrut/api/bench'
import type { PoolBook } from './tomt-data.js'

/**
 * Pool books as approved imported books of a scratch database (their pool ids as book ids), for the benches that
 * run the product's own SQL over them: keyword mode's `surfaceSearch`, and the found-it simulation's settle job.
 */
export async function insertPool(db: Db, books: readonly PoolBook[]): Promise<void> {
  const now = new Date()
  const owner = await ensureCatalogueOwner(db, 'bench@bookstrut.local', 10, now)
  // The corpus has no authors: no book gets one, so both sources are matched on title and description alone.
  const rows = books.map((b) => ({
    id: b.id,
    source_id: b.key,
    create_by: owner.user.id,
    title: b.title,
    author: '',
    category_name: '',
    description: b.description,
    status: 1 as const,
    created_at: now,
    updated_at: now,
  }))
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('podcasts')
      .values(rows.slice(i, i + 1000))
      .execute()
  await sql`analyze podcasts`.execute(db)
}
