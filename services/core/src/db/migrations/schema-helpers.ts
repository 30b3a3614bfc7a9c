import type { Kysely } from 'kysely'

/**
 * A plain index of the migrations: `columns` in order (one column by name), unique when told. Indexes with a
 * predicate or another method are spelled out where they are made.
 */
export function addIndex(
  db: Kysely<any>,
  table: string,
  name: string,
  columns: string | string[],
  opts: { unique?: boolean } = {},
): Promise<void> {
  const on = db.schema.createIndex(name).on(table)
  const indexed = typeof columns === 'string' ? on.column(columns) : on.columns(columns)
  return (opts.unique ? indexed.unique() : indexed).execute()
}
