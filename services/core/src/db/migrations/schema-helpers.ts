import { sql, type ColumnBuilderCallback, type CreateTableBuilder, type Kysely } from 'kysely'

/** A column's SQL type, as kysely's `addColumn` takes it: a name ('text', 'char(24)') or an sql`` expression. */
type ColumnType = Parameters<CreateTableBuilder<string, string>['addColumn']>[1]

/** A column of `createTable`: its type alone (nullable, no default), or its type and its constraints. */
export type Column = ColumnType | readonly [type: ColumnType, build: ColumnBuilderCallback]

/** Our ids: 24 characters, the table's primary key. */
export const ID: Column = ['char(24)', (c) => c.primaryKey()]

/** A time set when the row is written: `timestamptz not null default now()`. */
export const NOW: Column = ['timestamptz', (c) => c.notNull().defaultTo(sql`now()`)]

/** `type not null`, with `defaultValue` as its default when one is given. */
export const notNull = (type: ColumnType, defaultValue?: unknown): Column => [
  type,
  (c) => (defaultValue === undefined ? c.notNull() : c.notNull().defaultTo(defaultValue)),
]

/** A required reference to `target` ('users.id') whose row takes this one with it when deleted. */
export const cascadingRef = (target: string, type: ColumnType = 'char(24)'): Column => [
  type,
  (c) => c.notNull().references(target).onDelete('cascade'),
]

/**
 * `create table name` with `columns` in their order (name → type and constraints); table constraints and
 * `.execute()` follow on the builder it gives.
 */
export function createTable(
  db: Kysely<any>,
  name: string,
  columns: Record<string, Column>,
): CreateTableBuilder<string, string> {
  let table: CreateTableBuilder<string, string> = db.schema.createTable(name)
  for (const [column, spec] of Object.entries(columns)) {
    table = Array.isArray(spec)
      ? table.addColumn(column, spec[0] as ColumnType, spec[1] as ColumnBuilderCallback)
      : table.addColumn(column, spec as ColumnType)
  }
  return table
}

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

/** Drops `tables` one after the other, in the order given (those that reference others first). */
export async function dropTables(db: Kysely<any>, ...tables: string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute()
}
