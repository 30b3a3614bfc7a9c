import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { ListStates, type ListQueryState } from '@/components/ui/list-states'
import styles from './admin.module.css'

/** A column heading; `numeric` right-aligns it (and its cells use styles.num). */
export type Column = string | { label: string; numeric: true }

/** A console table: its headings and one row per item (each `row` renders a <tr>). */
export function Table<Row>({
  columns,
  rows,
  row,
  className,
}: {
  columns: readonly Column[]
  rows: readonly Row[]
  row: (item: Row) => ReactNode
  /** more classes for the table (e.g. a narrow-screen layout of its own) */
  className?: string
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={className ? `${styles.table} ${className}` : styles.table}>
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <th key={c}>{c}</th>
              ) : (
                <th key={c.label} className={styles.num}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
    </div>
  )
}

/** A table cell naming a book, linked to its public page; `children` follow the link (e.g. an "unpublished" tag). */
export function BookCell({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <td>
      <Link to={paths.singleBook(id)}>{title}</Link>
      {children}
    </td>
  )
}

/** A console list as a table, with the loading, error and empty states of every list (ListStates). */
export function ListTable<Row>({
  query,
  rows,
  loadingLabel,
  failedMessage,
  empty,
  columns,
  row,
  className,
}: {
  query: ListQueryState
  rows: readonly Row[]
  loadingLabel: string
  failedMessage: string
  empty: string
  columns: readonly Column[]
  row: (item: Row) => ReactNode
  className?: string
}) {
  return (
    <ListStates
      query={query}
      rows={rows}
      loadingLabel={loadingLabel}
      failedMessage={failedMessage}
      empty={<p>{empty}</p>}
    >
      {(items) => <Table columns={columns} rows={items} row={row} className={className} />}
    </ListStates>
  )
}
