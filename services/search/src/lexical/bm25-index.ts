import { kthLargest, topK } from './top-k.js'

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

/** searchApproximate scores exactly this many times `k` documents found in the champion lists. */
const CANDIDATE_FACTOR = 2

/** A query's term: its id and its weight per field (boost × idf × times it is repeated in the query). */
interface QueryTerm {
  t: number
  weight: Float64Array
}

interface Query {
  terms: QueryTerm[]
  /** per field: k1 × b / the field's average length */
  norm: Float64Array
}

/** A term's champion list (Bm25Index.searchApproximate). */
interface Champions {
  size: number
  /** changes to the term's postings since the list was made */
  changes: number
  postings: Uint32Array
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
  /** per term: its champion list (searchApproximate), if one was made, and its postings changed since */
  private champions: (Champions | undefined)[] = []

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
   * (documents holding none of the terms are not listed); and how many documents hold any of the terms. Exact:
   * every posting of every term is read.
   */
  search(terms: readonly string[], k: number): { hits: Bm25Hit[]; matched: number } {
    const query = this.prepare(terms)
    if (!query) return { hits: [], matched: 0 }
    let touchedCount = 0
    for (const term of query.terms)
      touchedCount = this.accumulate(query, term, this.postings[term.t]!, this.postingCount[term.t]!, touchedCount)
    this.finish(this.touched, touchedCount)
    return { hits: this.hitsOf(this.best(this.touched, touchedCount, k)), matched: touchedCount }
  }

  /**
   * Nearly the `k` best documents, with their exact scores, for catalogues where a common word's postings are too
   * many to read per query. A term held by more than `championSize` documents is read only in its champion list:
   * the `championSize` documents it weighs most in (made on first use, remade once its postings have changed by
   * an eighth of that). The best `k` × CANDIDATE_FACTOR documents of that partial reading are then scored exactly,
   * and the `k` best kept. What is approximate is only which documents are looked at: a document that holds a
   * common word weakly and no rarer word of the query can be missed.
   */
  searchApproximate(terms: readonly string[], k: number, championSize: number): Bm25Hit[] {
    const query = this.prepare(terms)
    if (!query) return []
    let touchedCount = 0
    for (const term of query.terms) {
      const { t } = term
      const champions =
        this.postingCount[t]! > championSize ? this.championsOf(query, term, championSize) : null
      const list = champions?.postings ?? this.postings[t]!
      const count = champions?.postings.length ?? this.postingCount[t]!
      touchedCount = this.accumulate(query, term, list, count, touchedCount)
    }
    this.finish(this.touched, touchedCount)
    // A champion list made before a document was removed may still name its slot (then free, or another
    // document's): scored again below like any other, a free one left out.
    const candidates = Int32Array.from(
      this.best(this.touched, touchedCount, k * CANDIDATE_FACTOR).filter((slot) => this.ids[slot] !== undefined),
    ).sort()
    this.rescore(query, candidates)
    const scored = candidates.filter((slot) => this.score[slot]! > 0)
    return this.hitsOf(this.best(scored, scored.length, k))
  }

  /** The query's indexed terms with their per-field weights (boost × idf × repeats), or null if none is indexed. */
  private prepare(terms: readonly string[]): Query | null {
    const repeats = new Map<number, number>()
    for (const term of terms) {
      const t = this.termIds.get(term)
      if (t !== undefined && this.postingCount[t]! > 0) repeats.set(t, (repeats.get(t) ?? 0) + 1)
    }
    const n = this.documentCount
    if (repeats.size === 0 || n === 0) return null
    const { k1, b, fields } = this
    // BM25's length normalisation per field: k1 × b / average length (multiplied by a document's length)
    const norm = Float64Array.from(this.totalLength, (total) => (total > 0 ? (k1 * b * n) / total : 0))
    const prepared: QueryTerm[] = []
    for (const [t, times] of repeats) {
      const weight = new Float64Array(fields)
      for (let f = 0; f < fields; f++) {
        const df = this.df[t * fields + f]!
        weight[f] = times * this.boosts[f]! * Math.log(1 + (n - df + 0.5) / (df + 0.5))
      }
      prepared.push({ t, weight })
    }
    return { terms: prepared, norm }
  }

  /** One posting's share of its document's score. */
  private impact(query: Query, term: QueryTerm, posting: number): number {
    const { k1, b, delta, fields } = this
    const slot = posting >>> SLOT_SHIFT
    const f = (posting >>> TF_BITS) & ((1 << FIELD_BITS) - 1)
    const tf = posting & MAX_TF
    const length = this.lengths[slot * fields + f]!
    return term.weight[f]! * (delta + (tf * (k1 + 1)) / (tf + k1 * (1 - b) + query.norm[f]! * length))
  }

  /**
   * Adds the scores of `list[0..count)` (one term's postings, sorted by slot) into the query scratch; the number
   * of slots touched so far, which it returns updated.
   */
  private accumulate(query: Query, term: QueryTerm, list: Uint32Array, count: number, touchedCount: number) {
    const { score, matched, touched } = this
    let previous = -1
    for (let i = 0; i < count; i++) {
      const p = list[i]!
      const slot = p >>> SLOT_SHIFT
      if (slot !== previous) {
        if (matched[slot] === 0) {
          touched[touchedCount++] = slot
          score[slot] = 0
        }
        matched[slot]!++
        previous = slot
      }
      score[slot]! += this.impact(query, term, p)
    }
    return touchedCount
  }

  /** Completes the scores of `slots[0..count)` (times the distinct query terms each holds), clearing the counts. */
  private finish(slots: Int32Array, count: number) {
    const { score, matched } = this
    for (let i = 0; i < count; i++) {
      const slot = slots[i]!
      score[slot]! *= matched[slot]!
      matched[slot] = 0
    }
  }

  /** The `k` best of `slots[0..count)` by their finished scores, best first, equal scores by id. */
  private best(slots: Int32Array, count: number, k: number): number[] {
    const { score, ids } = this
    return topK(slots, count, score, k, (x, y) => (ids[x]! < ids[y]! ? -1 : ids[x]! > ids[y]! ? 1 : 0))
  }

  private hitsOf(slots: readonly number[]): Bm25Hit[] {
    return slots.map((slot) => ({ id: this.ids[slot]!, score: this.score[slot]! }))
  }

  /**
   * The exact, finished scores of `slots` (ascending), into the query scratch: each term's postings are walked
   * once, skipping ahead (galloping) to the next slot asked for.
   */
  private rescore(query: Query, slots: Int32Array) {
    const { score, matched } = this
    for (const slot of slots) score[slot] = 0
    for (const term of query.terms) {
      const list = this.postings[term.t]!
      const count = this.postingCount[term.t]!
      let i = 0
      for (const slot of slots) {
        i = gallop(list, i, count, slotBase(slot))
        if (i >= count) break
        if (list[i]! >>> SLOT_SHIFT !== slot) continue
        matched[slot]!++
        for (; i < count && list[i]! >>> SLOT_SHIFT === slot; i++) score[slot]! += this.impact(query, term, list[i]!)
      }
    }
    this.finish(slots, slots.length)
  }

  /**
   * The term's champion list: the postings of the `size` documents whose share of the score for this term is
   * largest (at the query's weights), in slot order; kept until the term's postings have changed by size / 8.
   */
  private championsOf(query: Query, term: QueryTerm, size: number): Champions {
    const { t } = term
    const kept = this.champions[t]
    if (kept && kept.size === size && kept.changes <= size >> 3) return kept
    const list = this.postings[t]!
    const count = this.postingCount[t]!
    // Each document's share (summed over its fields' postings), and where its postings start.
    const shares: number[] = []
    const starts: number[] = []
    let previous = -1
    for (let i = 0; i < count; i++) {
      const slot = list[i]! >>> SLOT_SHIFT
      if (slot !== previous) {
        shares.push(0)
        starts.push(i)
        previous = slot
      }
      shares[shares.length - 1]! += this.impact(query, term, list[i]!)
    }
    const threshold = shares.length > size ? kthLargest(Float64Array.from(shares), size) : 0
    const postings: number[] = []
    let room = size
    shares.forEach((share, d) => {
      // Documents above the size-th share, then as many of the equal ones as fit (in slot order).
      if (share < threshold || room === 0) return
      room--
      const end = d + 1 < starts.length ? starts[d + 1]! : count
      for (let i = starts[d]!; i < end; i++) postings.push(list[i]!)
    })
    const made = { size, changes: 0, postings: Uint32Array.from(postings) }
    this.champions[t] = made
    return made
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
      this.champions.push(undefined)
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
    this.changed(t)
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
    this.changed(t)
  }

  /** Counts a change to term t's postings against its champion list, if it has one. */
  private changed(t: number) {
    const champions = this.champions[t]
    if (champions) champions.changes++
  }
}

/** The first index in sorted `list[from..count)` whose value is >= `value` (count if none), found from `from` on. */
function gallop(list: Uint32Array, from: number, count: number, value: number): number {
  let step = 1
  let lo = from
  let hi = from
  // Doubling steps until past the value, then binary search in the last step.
  while (hi < count && list[hi]! < value) {
    lo = hi + 1
    hi += step
    step *= 2
  }
  return lowerBound(list, Math.min(hi, count), value, lo)
}

/** The first index in sorted `list[from..count)` whose value is >= `value` (count if none). */
function lowerBound(list: Uint32Array, count: number, value: number, from = 0): number {
  let lo = from
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
