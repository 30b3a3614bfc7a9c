/*
 * @bookstrut/catalogue: the books readers find and the listings authors manage — the books repository, the
 * catalogue import, ghosts (books a reader hid), tracked books (what an event may name), keyword SQL with its
 * typo budgets, the announcement of changed books, and the one rule of which listings the public sees
 * (visibility.ts).
 */
export * from './visibility.js'
export * from './db/reader-books.js'
export * as booksRepo from './db/books.repository.js'
export * as catalogueImportRepo from './db/catalogue-import.repository.js'
export * as ghostsRepo from './db/ghosts.repository.js'
export * as trackedBooksRepo from './db/tracked-books.repository.js'
export * from './book-changes.js'
export * as pendingChanges from './pending-changes.js'
