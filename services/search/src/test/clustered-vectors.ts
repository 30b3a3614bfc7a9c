/** Deterministic unit vectors clustered around a few topics, like sentence embeddings are. */
export function clusteredVectors(count: number, dims: number, seed: number, topicCount = 8): Float32Array[] {
  let s = seed
  const rand = () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1
  const topics = Array.from({ length: topicCount }, () => Float32Array.from({ length: dims }, rand))
  return Array.from({ length: count }, (_, i) => {
    const topic = topics[i % topics.length]!
    const v = Float32Array.from({ length: dims }, (_, j) => topic[j]! + 0.8 * rand())
    const norm = Math.hypot(...v)
    return v.map((x) => x / norm)
  })
}
