/** The largest export file an import takes (a Goodreads library of 5,000 books with reviews is about 3 MB). */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024
