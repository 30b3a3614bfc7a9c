import type { Selectable } from 'kysely'

/** An admin's word on a book the Top 20's anomaly guard holds: the latest per book wins. */
export interface Top20ReleasesTable {
  podcast_id: string
  decision: 'release' | 'keep'
  /** a release lets the guard's hold go until then; a keep has no end (far future) */
  until: Date
  decided_by: string
  decided_at: Date
}
export type Top20ReleaseRow = Selectable<Top20ReleasesTable>

/** The admin module's tables (the audit log is core's: every domain's admin writes append to it). */
export interface AdminTables {
  top20_releases: Top20ReleasesTable
}

// Part of core's `DB` too while code typed with the bare `Db` reads them (issue 47's transition).
declare module '@bookstrut/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the extends is its body
  interface DB extends AdminTables {}
}
