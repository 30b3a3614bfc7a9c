/** Pages after the first are appended without duplicates: an item already shown keeps its place. */
export function mergeById<T extends { _id: string }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<string>()
  const merged: T[] = []
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item._id)) continue
      seen.add(item._id)
      merged.push(item)
    }
  }
  return merged
}
