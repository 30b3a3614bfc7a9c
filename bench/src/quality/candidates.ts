import { writeFile } from 'node:fs/promises'
import type { RankedBook } from '@bookstrut/search'

/**
 * `bench:quality -- --candidates FILE`: the product's ranking of every request run, which the idea encoder's
 * `--negatives-from` takes its hard negatives from (encoder/bookstrut_encoder/candidates.py; the cross-encoder, not
 * kept, read the same files). One JSON line per request of the split run: its split, ideas and answer ids, and the
 * second stage's first CANDIDATE_DEPTH books (id, total Strut score, per-idea scores) with the first stage's rank of
 * each; and one line per book listed anywhere, with its text (title, description) and its id
 * in the data's own files (`key`: what the encoder's `--negatives-from` knows the book by).
 */
export const CANDIDATE_DEPTH = 50

export async function writeCandidates(
  file: string,
  requests: readonly { id: string; split: string; ideas: readonly string[]; relevant: ReadonlySet<string> }[],
  secondStage: readonly (readonly RankedBook[])[],
  firstStage: readonly (readonly string[])[],
  books: ReadonlyMap<string, { key: string; title: string; description: string }>,
): Promise<number> {
  const lines: string[] = []
  const seen = new Set<string>()
  requests.forEach((q, qi) => {
    const firstRank = new Map(firstStage[qi]!.map((id, r) => [id, r + 1]))
    const candidates = secondStage[qi]!.slice(0, CANDIDATE_DEPTH).map((b) => {
      seen.add(b.bookId)
      return {
        id: b.bookId,
        total: b.scores.total,
        ideas: b.scores.ideas,
        firstRank: firstRank.get(b.bookId) ?? null,
      }
    })
    const relevant = [...q.relevant]
    // The answer's rank in the whole listing (beyond the candidates too): Recall@100 and such are read from it.
    const answerRank = secondStage[qi]!.findIndex((b) => q.relevant.has(b.bookId)) + 1 || null
    lines.push(
      JSON.stringify({ request: q.id, split: q.split, ideas: q.ideas, relevant, answerRank, candidates }),
    )
  })
  for (const q of requests) for (const id of q.relevant) seen.add(id)
  for (const id of seen) {
    const book = books.get(id)
    if (book)
      lines.push(
        JSON.stringify({ book: id, key: book.key, title: book.title, description: book.description }),
      )
  }
  await writeFile(file, lines.join('\n') + '\n')
  return requests.length
}
