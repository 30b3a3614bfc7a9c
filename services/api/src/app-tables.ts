import type { DB } from '@bookstrut/core'

/**
 * Every table the app reads and writes. A domain's functions take a connection typed with their own tables (core's
 * `Db<Tables>`), and `narrowDb` (or `depsOf`) hands them `app.db`. While tables move out of core (issue 47), each
 * domain's tables file also merges its interface into core's `DB`, so this is that `DB`
 * (/work/notes/db-scheme.md; docs/architecture.md).
 */
export type AppTables = DB
