/**
 * @bookstrut/library: a reader's library (issue 49) — three shelves (Want to read, Reading, Read) with the reader's
 * dates, and the import of a Goodreads or StoryGraph export, matched to catalogue books and shelved by a BullMQ job.
 * Functions take their deps first and know nothing of HTTP; shelves are their reader's alone.
 */
export type { LibraryDeps, LibraryLimitName, LibraryLimits } from './library-deps.js'
export type {
  LibraryDB,
  LibraryTables,
  ShelfEntriesTable,
  LibraryImportsTable,
  LibraryImportRowsTable,
} from './library.tables.js'
export { libraryDb } from './library.tables.js'
export { ownShelvesRule } from './own-shelves-rule.js'
export { shelveBook, unshelveBook, placeOfBook, shelfPage, shelfCounts, bookNotShelvable } from './shelves.js'
export { shelfEventId } from './shelf-events.js'
export {
  startImport,
  getImport,
  listImports,
  importReport,
  undoImport,
  runImport,
  importJobId,
} from './import/imports.js'
export { MAX_IMPORT_ROWS } from './import/read-export.js'
export { MAX_IMPORT_BYTES } from './import/import-limits.js'
