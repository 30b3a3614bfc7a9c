export * from './embedder.js'
export * from './embedder-thread.js'
export * from './book-passages.js'
export * from './strut-score.js'
export * from './vector-index.js'
export * from './ann-vector-index.js'
export * from './idea-ranking.js'
export * from './idea-embeddings.js'
export * from './surface/index.js'
export * from './model-registry.js'
export * from './book-embedding.js'
export * from './model-embedders.js'
export * from './models-in-use.js'
export * from './lexical/book-text-index.js'
export * from './lexical/idea-fusion.js'
export * from './second-stage.js'
export * from './found-idea-influence.js'
export * from './cross-encoder.js'
export * as embeddingsRepo from './db/embeddings.repository.js'
export * as searchHistoryRepo from './db/search-history.repository.js'
export * from './embeddings-channel.js'
export * from './found-it/agreement.js'
export * from './found-it/reader-network.js'
export * from './found-it/settle-found-ideas.js'
export * as foundItRepo from './db/found-it.repository.js'
export * from './found-it/served-searches.js'
export * from './topics/index.js'
export * from './moderation/index.js'
// The search use cases (issue 47: moved out of the api's routes; the api's handlers call them).
export {
  RANKING_TTL_SECONDS,
  duplicateQueries,
  searchByIdeas,
  type IdeaRanker,
  type IdeaSearchDeps,
} from './use-cases/idea-search.js'
export { searchByKeywords, surfaceSearch } from './use-cases/surface-search.js'
export {
  UNDO_SECONDS,
  confirmFoundIt,
  foundItEventId,
  withdrawFoundIt,
  type FoundItDeps,
  type FoundItLimits,
} from './use-cases/found-it.js'
export { TOPIC_NOT_FOUND, getTopic, listTopics, topicPath } from './use-cases/topics.js'
export {
  clearSavedSearches,
  listSavedSearches,
  removeSavedSearch,
  saveSearch,
  toSearchHistoryItem,
  updateSavedSearch,
} from './use-cases/search-history.js'
export type { SearchDeps } from './use-cases/search-deps.js'
// The tables search owns (their rows' types included), merged into core's DB while bare `Db` remains.
export type { SearchTables } from './db/search.tables.js'
export type { SearchHistoryRow } from './db/search-history.tables.js'
export type { FoundItConfirmationRow, BookFoundIdeaRow } from './db/found-it.tables.js'
export type { ModerationStatus, TopicRow, TopicCandidateRow, CandidateBook } from './db/topics.tables.js'
