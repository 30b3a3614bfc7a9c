import type { BookFoundIdeasTable, FoundItConfirmationsTable } from './found-it.tables.js'
import type { SearchHistoryTable } from './search-history.tables.js'
import type { TopicBooksTable, TopicCandidatesTable, TopicsTable } from './topics.tables.js'

/** The tables search owns (issue 47; /work/notes/db-scheme.md): saved searches, "found it", topics. */
export interface SearchTables {
  search_history: SearchHistoryTable
  found_it_confirmations: FoundItConfirmationsTable
  book_found_ideas: BookFoundIdeasTable
  topics: TopicsTable
  topic_books: TopicBooksTable
  topic_candidates: TopicCandidatesTable
}

// Transition: code still typed with core's bare `Db` sees these tables wherever @bookstrut/search is in its program.
// Once no bare `Db` is left, this block goes and the api composes its tables from the domains' interfaces.
declare module '@bookstrut/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DB extends SearchTables {}
}
