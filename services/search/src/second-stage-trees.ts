/**
 * The evaluator of the second stage's gradient-boosted trees (LightGBM, exported by encoder/run.sh --second-stage
 * --model trees). Each tree is flat arrays over its nodes: an inner node sends a pair left when
 * `feature value <= threshold` (LightGBM's numerical split; our signals are never missing), a leaf (feature −1)
 * holds its value. Node 0 is the root.
 */
export interface RegressionTree {
  feature: readonly number[]
  threshold: readonly number[]
  left: readonly number[]
  right: readonly number[]
  value: readonly number[]
}

/** The sum of every tree's leaf for one pair; `x(k)` is the pair's value of the model's k-th feature. */
export function treesSum(trees: readonly RegressionTree[], x: (k: number) => number): number {
  let sum = 0
  for (const t of trees) {
    let node = 0
    while (t.feature[node]! >= 0)
      node = x(t.feature[node]!) <= t.threshold[node]! ? t.left[node]! : t.right[node]!
    sum += t.value[node]!
  }
  return sum
}

/** Why a description's trees cannot be evaluated (a node out of range, a cycle, a missing number), or null. */
export function checkTrees(trees: unknown, featureCount: number): string | null {
  if (!Array.isArray(trees) || trees.length === 0) return 'expected a non-empty list of trees'
  for (const [n, t] of (trees as RegressionTree[]).entries()) {
    const size = t?.feature?.length
    const arrays = [t?.threshold, t?.left, t?.right, t?.value]
    if (!size || arrays.some((a) => !Array.isArray(a) || a.length !== size))
      return `tree ${n}: feature, threshold, left, right and value must be arrays of one length`
    for (let i = 0; i < size; i++) {
      const f = t.feature[i]!
      if (f === -1) {
        if (!Number.isFinite(t.value[i])) return `tree ${n}: leaf ${i} has no value`
        continue
      }
      // children come after their parent, so every walk ends at a leaf
      const inRange = (c: number) => Number.isInteger(c) && c > i && c < size
      if (!(Number.isInteger(f) && f >= 0 && f < featureCount) || !Number.isFinite(t.threshold[i]))
        return `tree ${n}: node ${i} splits on no feature of the model`
      if (!inRange(t.left[i]!) || !inRange(t.right[i]!))
        return `tree ${n}: node ${i} has a child out of order`
    }
  }
  return null
}
