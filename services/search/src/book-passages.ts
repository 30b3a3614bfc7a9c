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

/** Words per description chunk: about two sentences, the length of the ideas readers type. */
export const CHUNK_WORDS = 40
/** Long blurbs stop here: the opening of a description carries its premise. */
export const MAX_CHUNKS = 8

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' })
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length

/** Sentences joined into chunks of about CHUNK_WORDS words (a longer sentence stays whole). */
export function descriptionChunks(description: string): string[] {
  const chunks: string[] = []
  let current = ''
  for (const { segment } of segmenter.segment(description.replace(/\s+/g, ' ').trim())) {
    const sentence = segment.trim()
    if (!sentence) continue
    if (current && wordCount(current) + wordCount(sentence) > CHUNK_WORDS) {
      chunks.push(current)
      if (chunks.length === MAX_CHUNKS) return chunks
      current = sentence
    } else {
      current = current ? `${current} ${sentence}` : sentence
    }
  }
  if (current && chunks.length < MAX_CHUNKS) chunks.push(current)
  return chunks
}

/** The passages to embed for a book, ideas first. The title leads the first chunk, as a blurb's heading would. */
export function bookPassages(book: BookText): string[] {
  const ideas = book.ideas.map((i) => i.trim()).filter(Boolean)
  const chunks = descriptionChunks(book.description)
  if (chunks.length > 0 && book.title.trim()) chunks[0] = `${book.title.trim()}. ${chunks[0]}`
  else if (chunks.length === 0 && ideas.length === 0 && book.title.trim()) chunks.push(book.title.trim())
  return [...ideas, ...chunks]
}

/**
 * The version of the passage scheme above. It is part of the stored text hash: changing how books are cut into
 * passages (bump this) makes every book's vectors stale, and the embed worker recomputes them.
 */
export const PASSAGE_SCHEME = 'p1'
