/**
 * The k best of `count` candidates, best first, without sorting them all: a common word matches a quarter of a
 * large catalogue, and only the best LEXICAL_DEPTH of those are kept. `candidates[0..count)` are slots, `score`
 * is indexed by slot; ties are ordered by `tieBreak` (negative: a first), so the result does not depend on the
 * order the candidates were found in. Linear on average (quickselect of the k-th best score), then a sort of the
 * k kept.
 */
export function topK(
  candidates: Int32Array,
  count: number,
  score: Float64Array,
  k: number,
  tieBreak: (a: number, b: number) => number,
): number[] {
  const kept: number[] = []
  if (k <= 0 || count <= 0) return kept
  const order = (a: number, b: number) => score[b]! - score[a]! || tieBreak(a, b)
  if (count <= k) {
    for (let i = 0; i < count; i++) kept.push(candidates[i]!)
    return kept.sort(order)
  }
  const values = new Float64Array(count)
  for (let i = 0; i < count; i++) values[i] = score[candidates[i]!]!
  const threshold = kthLargest(values, k)
  // Everything above the k-th best score, then as many of the equal ones as fit, by the tie-break.
  const ties: number[] = []
  for (let i = 0; i < count; i++) {
    const slot = candidates[i]!
    const s = score[slot]!
    if (s > threshold) kept.push(slot)
    else if (s === threshold) ties.push(slot)
  }
  ties.sort(tieBreak)
  for (let i = 0; kept.length < k; i++) kept.push(ties[i]!)
  return kept.sort(order)
}

/** The k-th largest value (1-based) of `values`, which it reorders: Hoare quickselect, middle pivot. */
export function kthLargest(values: Float64Array, k: number): number {
  if (k < 1 || k > values.length) throw new RangeError(`k ${k} outside 1..${values.length}`)
  const target = k - 1
  let lo = 0
  let hi = values.length - 1
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1]!
    let i = lo
    let j = hi
    // Descending partition: [lo, j] >= pivot >= [i, hi].
    while (i <= j) {
      while (values[i]! > pivot) i++
      while (values[j]! < pivot) j--
      if (i <= j) {
        const t = values[i]!
        values[i] = values[j]!
        values[j] = t
        i++
        j--
      }
    }
    if (target <= j) hi = j
    else if (target >= i) lo = i
    else return values[target]!
  }
  return values[target]!
}
