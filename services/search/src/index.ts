/*
 * @bookstrut/search, listed by name: what the api, the workers and other packages use, and the rules their tests
 * assert. The benches' helpers are behind `@bookstrut/search/bench` (src/bench.ts), test support behind
 * `@bookstrut/search/testing`; nothing in production imports either (eslint.config.js).
 */
export { type Embedder, type EmbedderOptions, hasLocalModel } from './embedder.js'
export { createThreadedEmbedder } from './embedder-thread.js'
export { type BookText, PASSAGE_SCHEME } from './book-passages.js'
export { BONUS_WEIGHT, type CosineScale, RELEVANCE_FLOOR, round2, type StrutScores } from './strut-score.js'
export { BookVectorIndex, type IdeaVectorIndex } from './vector-index.js'
export { ANN_AUTO_BOOKS, AnnBookVectorIndex } from './ann-vector-index.js'
export {
  LANGUAGE_PREFERENCE,
  MAX_RANKED,
  preferLanguage,
  rankBooks,
  type RankedBook,
  type RankOptions,
} from './idea-ranking.js'
export { IdeaEmbeddings, normaliseIdea } from './idea-embeddings.js'
export {
  createMeiliSurfaceIndex,
  createSurfaceIndex,
  loadSurfaceBook,
  MEILI_SETTINGS,
  publicSurfaceBooks,
  type SurfaceBook,
  type SurfaceHits,
  type SurfaceIndex,
  type SurfaceQuery,
  toSurfaceBook,
} from './surface/index.js'
export {
  cosineScaleOf,
  locateModel,
  MODEL_FILES,
  type ModelRef,
  SHIPPED_MODEL,
  targetModel,
  TRAINED_NAMESPACE,
} from './model-registry.js'
export { embedBook, type EmbedDeps, type EmbedOutcome } from './book-embedding.js'
export { ModelEmbedders } from './model-embedders.js'
export { modelsInUse } from './models-in-use.js'
export { BookTextIndex, type IdeaMatches } from './lexical/book-text-index.js'
export { FOUND_IDEA_MAX_GAIN } from './found-idea-influence.js'
export * as embeddingsRepo from './db/embeddings.repository.js'
export * as searchHistoryRepo from './db/search-history.repository.js'
export {
  embeddingsAnnouncer,
  EmbeddingsChanged,
  embeddingsChannel,
  EmbeddingsMessage,
} from './embeddings-channel.js'
export { AGREE_NETWORKS, AGREE_READERS, foundIdeaKey } from './found-it/agreement.js'
export { networkOfAddress, savedSearchNetwork } from './found-it/reader-network.js'
export { settleFoundIdeas } from './found-it/settle-found-ideas.js'
export * as foundItRepo from './db/found-it.repository.js'
export {
  findServedSearch,
  keepServedSearch,
  keepServedSearchFor,
  SERVED_SEARCH_TTL_SECONDS,
  type ServedSearch,
  servedSearchId,
} from './found-it/served-searches.js'
export {
  normaliseTopic,
  refreshTopics,
  type RefreshTopicsDeps,
  TOPIC_MIN_NETWORKS,
  TOPIC_MIN_SEARCHERS,
  TOPIC_WINDOW_DAYS,
  topicSlug,
  topicsRepo,
} from './topics/index.js'
export {
  decideReadersWords,
  listReadersWords,
  topicCandidatesRepo,
  wordsRefusal,
} from './moderation/index.js'
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
  mostSavedIdeas,
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
