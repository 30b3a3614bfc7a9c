/**
 * What of a book is embedded: each of its ideas, and its description in sentence-sized chunks, so that an idea
 * a reader types can meet the one passage that covers it instead of a blurred average of the whole blurb.
 * Imported books without ideas are scored on their description alone.
 */
export interface BookText {
  title: string
  ideas: readonly string[]
  description: string
}

/**
 * How a description is cut into passages. `chunkWords`: sentences are joined up to this many words (1: each
 * sentence alone; Infinity: the whole description in one passage); `maxChunks`: long blurbs stop there (the
 * opening carries the premise); `title`: the title leads the first passage, every passage, is a passage of its
 * own, or is left out ('none': embedded only when the book has nothing else). bench:quality compares schemes on
 * the dev split.
 */
export interface PassageScheme {
  chunkWords: number
  /** a sentence longer than this is cut at its clause marks (, ; : dashes) into parts of about this many words */
  clauseWords?: number
  maxChunks: number
  title: 'first' | 'every' | 'own' | 'none'
  /**
   * also the whole description (its first maxChunks chunks), the title leading it, as one more passage: the
   * trained encoder learnt ideas against a book's whole text (title and description), not against a chunk
   */
  whole?: boolean
}

/**
 * The scheme books are embedded with: about two sentences a chunk, the title leading the first, and the whole text
 * once more (docs/idea-search.md, "What is embedded"): a chunk meets an idea about one scene, the whole text an idea the way
 * the trained encoder learnt to match it.
 */
export const PASSAGES: PassageScheme = { chunkWords: 40, maxChunks: 8, title: 'first', whole: true }

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' })
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length

/**
 * Sentences joined into chunks of about `chunkWords` words (a longer sentence stays whole, or is cut into clauses
 * when the scheme says so).
 */
export function descriptionChunks(
  description: string,
  {
    chunkWords,
    maxChunks,
    clauseWords,
  }: Pick<PassageScheme, 'chunkWords' | 'maxChunks' | 'clauseWords'> = PASSAGES,
): string[] {
  const sentences = [...segmenter.segment(description.replace(/\s+/g, ' ').trim())]
    .map(({ segment }) => segment.trim())
    .filter(Boolean)
  const pieces = clauseWords ? sentences.flatMap((s) => clauses(s, clauseWords)) : sentences
  return joinedUpTo(pieces, chunkWords).slice(0, maxChunks)
}

/** A sentence of more than `words` words cut after its clause marks, the clauses joined up to about `words`. */
function clauses(sentence: string, words: number): string[] {
  if (wordCount(sentence) <= words) return [sentence]
  return joinedUpTo(sentence.split(/(?<=[,;:\u2013\u2014])\s+|\s+(?=[\u2013\u2014]|--)/), words)
}

/** Consecutive pieces joined while they stay within `words` words (a longer piece stays whole). */
function joinedUpTo(pieces: readonly string[], words: number): string[] {
  const joined: string[] = []
  let current = ''
  for (const piece of pieces) {
    if (current && wordCount(current) + wordCount(piece) > words) {
      joined.push(current)
      current = piece
    } else current = current ? `${current} ${piece}` : piece
  }
  if (current) joined.push(current)
  return joined
}

/** The passages to embed for a book, ideas first, then its description cut as `scheme` says. */
export function bookPassages(book: BookText, scheme: PassageScheme = PASSAGES): string[] {
  const ideas = book.ideas.map((i) => i.trim()).filter(Boolean)
  const chunks = descriptionChunks(book.description, scheme)
  const title = book.title.trim()
  if (!title) return [...ideas, ...chunks]
  // A book with nothing else to embed is found by its title.
  if (scheme.title === 'own' || (chunks.length === 0 && ideas.length === 0))
    return [...ideas, title, ...chunks]
  if (scheme.title === 'none') return [...ideas, ...chunks]
  const led = chunks.map((c, i) => (scheme.title === 'every' || i === 0 ? `${title}. ${c}` : c))
  // With a single chunk the whole text is its first passage already.
  const whole = scheme.whole && chunks.length > 1 ? [`${title}. ${chunks.join(' ')}`] : []
  return [...ideas, ...led, ...whole]
}

/**
 * What the embed worker embeds for a book: its own passages (bookPassages), then one passage per idea readers agreed
 * on (found it), each alone and as typed. The found ones come last and are counted, so that the index keeps them
 * apart from the book's own text and bounds what they can do (found-idea-influence.ts); a book without found ideas
 * embeds exactly its own passages, as before they existed.
 */
export function embeddedPassages(
  book: BookText & { foundIdeas: readonly string[] },
  scheme: PassageScheme = PASSAGES,
): { passages: string[]; foundPassages: number } {
  const found = book.foundIdeas.map((i) => i.trim()).filter(Boolean)
  return { passages: [...bookPassages(book, scheme), ...found], foundPassages: found.length }
}

/**
 * The version of the passage scheme above. It is part of the stored text hash: changing how books are cut into
 * passages (bump this) makes every book's vectors stale, and the embed worker recomputes them.
 */
export const PASSAGE_SCHEME = 'p2'
