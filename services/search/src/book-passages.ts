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
  maxChunks: number
  title: 'first' | 'every' | 'own' | 'none'
}

/** The scheme books are embedded with: about two sentences a chunk, the title leading the first. */
export const PASSAGES: PassageScheme = { chunkWords: 40, maxChunks: 8, title: 'first' }

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' })
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length

/** Sentences joined into chunks of about `chunkWords` words (a longer sentence stays whole). */
export function descriptionChunks(
  description: string,
  { chunkWords, maxChunks }: Pick<PassageScheme, 'chunkWords' | 'maxChunks'> = PASSAGES,
): string[] {
  const chunks: string[] = []
  let current = ''
  for (const { segment } of segmenter.segment(description.replace(/\s+/g, ' ').trim())) {
    const sentence = segment.trim()
    if (!sentence) continue
    if (current && wordCount(current) + wordCount(sentence) > chunkWords) {
      chunks.push(current)
      if (chunks.length === maxChunks) return chunks
      current = sentence
    } else {
      current = current ? `${current} ${sentence}` : sentence
    }
  }
  if (current && chunks.length < maxChunks) chunks.push(current)
  return chunks
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
  return [...ideas, ...led]
}

/**
 * The version of the passage scheme above. It is part of the stored text hash: changing how books are cut into
 * passages (bump this) makes every book's vectors stale, and the embed worker recomputes them.
 */
export const PASSAGE_SCHEME = 'p1'
