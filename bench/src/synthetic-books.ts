import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/**
 * Synthetic catalogues made of real Goodreads text (goodreads-books-mix in the shared data folder), for the
 * benchmarks that need more books than the 7,000 real ones: real titles, author names, genres and description
 * sentences recombined, so that word frequencies are those of real blurbs. Used by keyword search (rows in a
 * scratch database) and idea search (the words of each book in a BookTextIndex).
 */

const GoodreadsLine = Type.Object({
  title: Type.String(),
  author: Type.String(),
  genres: Type.Array(Type.String()),
  description: Type.String(),
})

export interface SourceBook {
  title: string
  author: string
  genres: string[]
  sentences: string[]
}

/** The text of one synthetic book. */
export interface SyntheticBookText {
  title: string
  author: string
  genre: string
  description: string
  /** three author's ideas (60 % of books), or none */
  ideas: string[]
}

export async function loadSourceBooks(dataDir: string): Promise<SourceBook[]> {
  const file = path.join(dataDir, 'goodreads-books-mix', 'books.jsonl')
  const lines = (await readFile(file, 'utf8')).split('\n').filter((l) => l.trim())
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' })
  return lines.map((line, i) => {
    const value: unknown = JSON.parse(line)
    if (!Value.Check(GoodreadsLine, value)) throw new Error(`${file}:${i + 1}: unexpected line`)
    const sentences = [...segmenter.segment(value.description)].map((s) => s.segment.trim()).filter(Boolean)
    return { title: value.title, author: value.author, genres: value.genres, sentences }
  })
}

/**
 * The text of book `i`. The first books are the real ones; later ones mix a real title (one word swapped half the
 * time), a first name and a surname of two real authors, and 3-7 sentences of real blurbs. 60 % have three ideas:
 * the first 120 characters of real blurb sentences. Draws from `random` in a fixed order, so a seeded catalogue
 * repeats run to run.
 */
export function syntheticBookText(source: SourceBook[], i: number, random: () => number): SyntheticBookText {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const real = source[i]
  const base = real ?? pick(source)
  const title = real ? real.title : swapWord(base.title, pick(source).title, random)
  const author = real ? real.author : mixNames(base.author, pick(source).author)
  const sentences = real
    ? real.sentences
    : Array.from({ length: 3 + Math.floor(random() * 5) }, () => pick(pick(source).sentences) ?? '')
  const ideas = random() < 0.6 ? [0, 1, 2].map(() => (pick(pick(source).sentences) ?? '').slice(0, 120)) : []
  return { title, author, genre: base.genres[0] ?? 'Fiction', description: sentences.join(' '), ideas }
}

function swapWord(title: string, other: string, random: () => number): string {
  if (random() < 0.5) return title
  const words = title.split(' ')
  const donor = other.split(' ')
  words[Math.floor(random() * words.length)] = donor[Math.floor(random() * donor.length)] ?? ''
  return words.join(' ')
}

function mixNames(first: string, second: string): string {
  const given = first.split(' ')[0] ?? first
  const surname = second.split(' ').at(-1) ?? second
  return `${given} ${surname}`
}
