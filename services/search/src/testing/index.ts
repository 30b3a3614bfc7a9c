/*
 * Test support of search, for tests and benches only (`@bookstrut/search/testing`): the Meilisearch stand-in the
 * keyword index's tests (here, in the api and in the workers) run against when no Meilisearch answers.
 */
export { MeiliStandIn, type RecordedRequest } from './meili-stand-in.js'
export { SURFACE_SEARCH_SHELF } from './surface-books.js'
