/**
 * What keyword ("One sentence") mode means, on every backend (issue 46): Meilisearch's default semantics, which
 * the Meilisearch adapter configures and the PostgreSQL index reproduces (services/catalogue keyword-search.ts).
 * A reader may type a sentence ("a hobbit goes on a quest to destroy a ring") and still get ranked books.
 */

/**
 * Searchable fields, heaviest first: Meilisearch's `searchableAttributes` order; PostgreSQL stores them in its
 * four weights (title A, author B, genres and ideas C, description D).
 */
export const KEYWORD_FIELDS = ['title', 'author', 'genres', 'ideas', 'description'] as const

/** Meilisearch's default ranking rules, in their default order, named so that a changed default cannot move us. */
export const KEYWORD_RANKING_RULES = ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'] as const

/**
 * Query words are dropped from the end until books match: books holding all the words first, then those
 * holding all but the last, and so on down to the first word (which a book must hold).
 */
export const KEYWORD_MATCHING_STRATEGY = 'last' as const

/**
 * Words that ask nothing: PostgreSQL's English stop words (share/tsearch_data/english.stop, the list its
 * `english` text search configuration drops), given to Meilisearch as its `stopWords` so both backends agree.
 */
export const KEYWORD_STOP_WORDS: readonly string[] = (
  'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her ' +
  'hers herself it its itself they them their theirs themselves what which who whom this that these ' +
  'those am is are was were be been being have has had having do does did doing a an the and but if or ' +
  'because as until while of at by for with about against between into through during before after ' +
  'above below to from up down in out on off over under again further then once here there when where ' +
  'why how all any both each few more most other some such no nor not only own same so than too very s ' +
  't can will just don should now'
).split(' ')
