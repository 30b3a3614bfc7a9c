import type { AppError, DbOrTx } from '@bookstrut/core'

/** Postgres refused a duplicate of a unique column (SQLSTATE 23505). */
const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === '23505'

/** Runs a write; a duplicate slug or path becomes the caller's 409 instead of a database error. */
export async function withUniqueConflict<T>(write: Promise<T>, duplicate: () => AppError): Promise<T> {
  try {
    return await write
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate()
    throw err
  }
}

/** Deletes one entry by id, or throws the table's 404. */
export async function deleteEntry(
  db: DbOrTx,
  table: 'faqs' | 'blog_posts' | 'information_pages',
  id: string,
  notFound: () => AppError,
): Promise<void> {
  const res = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst()
  if (res.numDeletedRows === 0n) throw notFound()
}
