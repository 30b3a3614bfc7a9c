import type { ReaderIdeaMatch, ReaderIdeaSource } from '@bookstrut/search'
import { dot } from './bench-stats.js'

/*
 * `npm run bench:quality -- --reader-ideas N[,N...]`: readers' ideas as signals of the second stage
 * (second-stage.ts READER_FEATURES), simulated with the train split's requests. Each train request is one reader
 * who said "this is the book I meant" for its answer, with its ideas; a book's readers' ideas count once at least N
 * readers confirmed it. A request never sees its own confirmation (leave one out): the train split's second-stage
 * rows are written as a dev request would meet the loop, by readers other than itself. Dev requests are never
 * evidence.
 */

/** A train request as bench:quality reads it: its ideas (blank ones dropped) and the pool ids of its answer. */
interface ReaderRequest {
  id: string
  split: string
  ideas: readonly string[]
  relevant: ReadonlySet<string>
}

/** One reader's confirmation of a book (ReaderIdeas.byBook files it under the book): who, and their ideas' vectors. */
interface ReaderConfirmation {
  requestId: string
  vectors: readonly Float32Array[]
}

export interface ReaderIdeas {
  /** pool id → its confirmations, in file order */
  byBook: Map<string, ReaderConfirmation[]>
  readers: number
}

/**
 * The train requests as confirmations of the first of their answers (a reader confirms the one book they meant).
 * `vectors` are all the requests' ideas embedded in order. Throws on a request of any other split.
 */
export function readerIdeasOf(
  requests: readonly ReaderRequest[],
  vectors: readonly Float32Array[],
): ReaderIdeas {
  const byBook = new Map<string, ReaderConfirmation[]>()
  let at = 0
  let readers = 0
  for (const r of requests) {
    if (r.split !== 'train') throw new Error(`reader ideas must be train requests only (${r.id} is not)`)
    const own = vectors.slice(at, (at += r.ideas.length))
    const [book] = r.relevant
    if (!book || own.length === 0) continue
    const list = byBook.get(book) ?? []
    list.push({ requestId: r.id, vectors: own })
    byBook.set(book, list)
    readers++
  }
  if (at !== vectors.length) throw new Error(`expected ${at} idea vectors, got ${vectors.length}`)
  return { byBook, readers }
}

/**
 * What the second stage reads for one request: each given book confirmed by at least `minReaders` readers other
 * than the request itself, with each idea's best cosine against one of their ideas.
 */
export function readerIdeaSource(
  evidence: ReaderIdeas,
  request: { id: string; vectors: readonly Float32Array[] },
  minReaders: number,
): ReaderIdeaSource {
  return (bookIds) => {
    const found = new Map<string, ReaderIdeaMatch>()
    for (const bookId of bookIds) {
      const others = evidence.byBook.get(bookId)?.filter((c) => c.requestId !== request.id) ?? []
      if (others.length === 0 || others.length < minReaders) continue
      const cosines = request.vectors.map((v) =>
        Math.max(...others.flatMap((c) => c.vectors.map((w) => dot(v, w)))),
      )
      found.set(bookId, { cosines, readers: others.length })
    }
    return found
  }
}
