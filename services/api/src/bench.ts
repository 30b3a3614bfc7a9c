/*
 * What the benches (bench/, `@bookstrut/api/bench`) time of the api's own code beside the domain packages: the
 * catalogue import (keyword search as the routes run it is `surfaceSearch` in @bookstrut/search). Nothing in production imports this entry.
 */
export { importBooks } from './import/import-books.js'
export { ensureCatalogueOwner } from './import/catalogue-owner.js'
export { DEFAULT_SHARED_DATA_DIR, normaliseTitle } from './cli/shared-data.js'
