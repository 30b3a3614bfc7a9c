/*
 * @bookstrut/catalogue: the books readers find and the listings authors manage — listing create and edit (the
 * plan's book limit, the 72-hour lock), moderation, the catalogue's lists (My Listings, an author's titles and
 * page), ghosts and reports, the sitemap's catalogue pages, the books repository, the catalogue import, tracked
 * books (what an event may name), keyword SQL with its typo budgets, the announcement of changed books, and the
 * one rule of who may see a book (visibility.ts). Use cases take the app's deps first and know nothing of HTTP.
 */
export {
  isPublic,
  isPublicRow,
  canSeeBook,
  ownerIsBlocked,
  type Viewer,
  type VisibilityFacts,
} from './visibility.js'
export { readerBooks, type ReaderBooksTable } from './db/reader-books.js'
export * as booksRepo from './db/books.repository.js'
export * as catalogueImportRepo from './db/catalogue-import.repository.js'
export * as ghostsRepo from './db/ghosts.repository.js'
export * as trackedBooksRepo from './db/tracked-books.repository.js'
export { announceBookChanges, type ChangedBook } from './book-changes.js'
export type { CatalogueDeps, ListingDeps } from './deps.js'
export { toPodcast } from './book-record.js'
export { visibleBook } from './books/visible-book.js'
export {
  asksForUnpublished,
  bookPage,
  listBooks,
  moderate,
  moderationQueue,
  userBooks,
} from './books/book-lists.js'
export { authorBooks, normaliseAuthorName } from './books/author-books.js'
export { createListing, updateListing } from './listings/listings.js'
export type { ListingForm } from './listings/listing-form.js'
export {
  ghostBook,
  listGhosted,
  listReportTypes,
  removeGhost,
  reportBook,
  type ReportTypeItem,
} from './ghosts/ghosts.js'
export {
  PRIVATE_PATHS,
  STATIC_PATHS,
  robotsTxt,
  sitemapXml,
  type SitemapDeps,
  type SitemapEntry,
  type SitemapSource,
} from './sitemap/sitemap.js'
