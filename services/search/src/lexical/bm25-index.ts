import { topK } from './top-k.js'

/**
 * An in-memory BM25+ index over a few text fields, built for a large catalogue queried often: postings in typed
 * arrays (4 bytes each), and a query that adds scores into one reused array and keeps only the k best documents
 * (top-k.ts) instead of materialising and sorting every match of a common word.
 *
 * Scoring is MiniSearch 7's (which this replaces; book-text-index.test.ts checks the two agree): per query term
 * and field, boost × idf × (δ + tf (k1 + 1) / (tf + k1 (1 - b + b × length / average length))), with
 * idf = ln(1 + (N - df + 0.5) / (df + 0.5)) and df the documents holding the term in that field; a term repeated in
 * the query counts as many times; the sum is multiplied by the number of distinct query terms the document holds
 * (a document matching more of the query's words ranks higher). A field's length is its number of distinct tokens
 * before term processing, as MiniSearch counts it.
 */

export interface Bm25Field {
  /** the field's processed terms, each with its frequency in the field */
  terms: ReadonlyMap<string, number>
  /** its length for BM25's normalisation */
  length: number
}

export interface Bm25Options {
  /** the weight of each field, in field order (at most 4 fields) */
  boosts: readonly number[]
  k1?: number
  b?: number
  delta?: number
}

export interface Bm25Hit {
  id: string
  score: number
}

/**
 * A posting packs slot, field and term frequency in one unsigned 32-bit value, slot in the high bits, so a term's
 * postings sorted by value are sorted by document, then field.
 */
const TF_BITS = 8
const FIELD_BITS = 2
const SLOT_SHIFT = TF_BITS + FIELD_BITS
const MAX_TF = (1 << TF_BITS) - 1
/** 4,194,304 documents: the slot must fit the 22 bits left. */
export const BM25_MAX_DOCUMENTS = 2 ** (32 - SLOT_SHIFT)
const slotBase = (slot: number) => slot * (1 << SLOT_SHIFT)

export class Bm25Index {
  private readonly boosts: readonly number[]
  private readonly fields: number
  private readonly k1: number
  private readonly b: number
  private readonly delta: number

  private readonly slotOf = new Map<string, number>()
  private ids: (string | undefined)[] = []
  private readonly freeSlots: number[] = []
  /** per slot and field: the field's length */
  private lengths = new Uint32Array(0)
  private readonly totalLength: number[]
  /** per slot: the distinct term ids of its document, to remove its postings */
  private docTerms: (Uint32Array | undefined)[] = []

  private readonly termIds = new Map<string, number>()
  private postings: Uint32Array[] = []
  private postingCount: number[] = []
  /** per term and field: the documents holding the term in that field */
  private df: number[] = []

  // Query scratch, indexed by slot and reused: scores, distinct query terms matched, the slots touched.
  private score = new Float64Array(0)
  private matched = new Uint16Array(0)
  private touched = new Int32Array(0)

  constructor(options: Bm25Options) {
    if (options.boosts.length < 1 || options.boosts.length > 1 << FIELD_BITS)
      throw new RangeError(`1 to ${1 << FIELD_BITS} fields, not ${options.boosts.length}`)
    this.boosts = [...options.boosts]
    this.fields = options.boosts.length
    this.k1 = options.k1 ?? 1.2
    this.b = options.b ?? 0.7
    this.delta = options.delta ?? 0.5
    this.totalLength = this.boosts.map(() => 0)
  }

  get documentCount() {
    return this.slotOf.size
  }

  has(id: string) {
    return this.slotOf.has(id)
  }

  /** The bytes held by postings, lengths and per-document term lists (not the Map and string overheads). */
  get memoryBytes() {
    let bytes =
      this.lengths.byteLength + this.score.byteLength + this.matched.byteLength + this.touched.byteLength
    for (const p of this.postings) bytes += p.byteLength
    for (const t of this.docTerms) bytes += t?.byteLength ?? 0
    return bytes
  }

  /** Indexes a document's fields (in the order of the boosts), replacing what it had. */
  add(id: string, fields: readonly Bm25Field[]) {
    if (fields.length !== this.fields)
      throw new RangeError(`${this.fields} fields expected, got ${fields.length}`)
    this.remove(id)
    const slot = this.newSlot(id)
    // term id → term frequency per field
    const counts = new Map<number, number[]>()
    fields.forEach((field, f) => {
      this.lengths[slot * this.fields + f] = field.length
      this.totalLength[f]! += field.length
      for (const [term, frequency] of field.terms) {
        const t = this.termId(term)
        let tf = counts.get(t)
        if (!tf) counts.set(t, (tf = new Array<number>(this.fields).fill(0)))
        tf[f]! += frequency
      }
    })
    const terms = new Uint32Array(counts.size)
    let at = 0
    for (const [t, tf] of counts) {
      terms[at++] = t
      this.insertPostings(t, slot, tf)
    }
    this.docTerms[slot] = terms
  }

  remove(id: string) {
    const slot = this.slotOf.get(id)
    if (slot === undefined) return
    for (const t of this.docTerms[slot]!) this.removePostings(t, slot)
    for (let f = 0; f < this.fields; f++) {
      this.totalLength[f]! -= this.lengths[slot * this.fields + f]!
      this.lengths[slot * this.fields + f] = 0
    }
    this.docTerms[slot] = undefined
    this.ids[slot] = undefined
    this.slotOf.delete(id)
    this.freeSlots.push(slot)
  }

  /**
   * The `k` best documents for the query's processed terms (repeats count again), best first, equal scores by id
   * (documents holding none of the terms are not listed); and how many documents hold any of the terms.
   */
  search(terms: readonly string[], k: number): { hits: Bm25Hit[]; matched: number } {
    const repeats = new Map<number, number>()
    for (const term of terms) {
      const t = this.termIds.get(term)
      if (t !== undefined && this.postingCount[t]! > 0) repeats.set(t, (repeats.get(t) ?? 0) + 1)
    }
    const n = this.documentCount
    if (repeats.size === 0 || n === 0) return { hits: [], matched: 0 }
    const { k1, b, delta, fields } = this
    const average = this.totalLength.map((total) => total / n)
    const { score, matched, touched, lengths } = this
    let touchedCount = 0
    const idf = new Float64Array(fields)
    const norm = new Float64Array(fields)
    for (const [t, times] of repeats) {
      for (let f = 0; f < fields; f++) {
        const df = this.df[t * fields + f]!
        idf[f] = times * this.boosts[f]! * Math.log(1 + (n - df + 0.5) / (df + 0.5))
        norm[f] = average[f]! > 0 ? (k1 * b) / average[f]! : 0
      }
      const list = this.postings[t]!
      const count = this.postingCount[t]!
      let previous = -1
      for (let i = 0; i < count; i++) {
        const p = list[i]!
        const slot = p >>> SLOT_SHIFT
        const f = (p >>> TF_BITS) & ((1 << FIELD_BITS) - 1)
        const tf = p & MAX_TF
        const s =
          idf[f]! * (delta + (tf * (k1 + 1)) / (tf + k1 * (1 - b) + norm[f]! * lengths[slot * fields + f]!))
        if (slot !== previous) {
          if (matched[slot] === 0) {
            touched[touchedCount++] = slot
            score[slot] = 0
          }
          matched[slot]!++
          previous = slot
        }
        score[slot]! += s
      }
    }
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i]!
      score[slot]! *= matched[slot]!
      matched[slot] = 0
    }
    const ids = this.ids
    const best = topK(touched, touchedCount, score, k, (x, y) =>
      ids[x]! < ids[y]! ? -1 : ids[x]! > ids[y]! ? 1 : 0,
    )
    return { hits: best.map((slot) => ({ id: ids[slot]!, score: score[slot]! })), matched: touchedCount }
  }

  private newSlot(id: string): number {
    const slot = this.freeSlots.pop() ?? this.ids.length
    if (slot >= BM25_MAX_DOCUMENTS) throw new RangeError(`more than ${BM25_MAX_DOCUMENTS} documents`)
    if (slot === this.ids.length) {
      this.ids.push(undefined)
      this.docTerms.push(undefined)
    }
    this.ids[slot] = id
    this.slotOf.set(id, slot)
    if (slot >= this.score.length) {
      const capacity = Math.max(1024, Math.ceil(this.score.length * 1.5))
      this.score = grow(this.score, capacity)
      this.matched = grow(this.matched, capacity)
      this.touched = grow(this.touched, capacity)
      this.lengths = grow(this.lengths, capacity * this.fields)
    }
    return slot
  }

  private termId(term: string): number {
    let t = this.termIds.get(term)
    if (t === undefined) {
      t = this.postings.length
      this.termIds.set(term, t)
      this.postings.push(new Uint32Array(2))
      this.postingCount.push(0)
      for (let f = 0; f < this.fields; f++) this.df.push(0)
    }
    return t
  }

  /** Inserts the postings of `slot` for term `t` (tf per field) at their place in the term's sorted list. */
  private insertPostings(t: number, slot: number, tf: readonly number[]) {
    let added = 0
    for (const x of tf) if (x > 0) added++
    let list = this.postings[t]!
    const count = this.postingCount[t]!
    if (count + added > list.length) {
      list = grow(list, Math.max(count + added, Math.ceil(list.length * 1.5)))
      this.postings[t] = list
    }
    // A new document usually has the highest slot: its postings go last, nothing moves.
    const at =
      count === 0 || list[count - 1]! < slotBase(slot) ? count : lowerBound(list, count, slotBase(slot))
    if (at < count) list.copyWithin(at + added, at, count)
    let i = at
    for (let f = 0; f < tf.length; f++) {
      if (tf[f] === 0) continue
      list[i++] = slotBase(slot) + f * (1 << TF_BITS) + Math.min(tf[f]!, MAX_TF)
      this.df[t * this.fields + f]!++
    }
    this.postingCount[t] = count + added
  }

  private removePostings(t: number, slot: number) {
    const list = this.postings[t]!
    const count = this.postingCount[t]!
    const from = lowerBound(list, count, slotBase(slot))
    let to = from
    while (to < count && list[to]! >>> SLOT_SHIFT === slot) {
      this.df[t * this.fields + ((list[to]! >>> TF_BITS) & ((1 << FIELD_BITS) - 1))]!--
      to++
    }
    list.copyWithin(from, to, count)
    this.postingCount[t] = count - (to - from)
  }
}

/** The first index in sorted `list[0..count)` whose value is >= `value`. */
function lowerBound(list: Uint32Array, count: number, value: number): number {
  let lo = 0
  let hi = count
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (list[mid]! < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

function grow<T extends Uint32Array | Uint16Array | Int32Array | Float64Array>(
  array: T,
  capacity: number,
): T {
  const bigger = new (array.constructor as new (n: number) => T)(capacity)
  bigger.set(array)
  return bigger
}
