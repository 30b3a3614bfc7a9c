import type { Static, TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/**
 * The static snapshot the spec's client tries before the API (`/data/faqs.json`, `/data/blogs.json`): its items
 * when the file answers a non-empty list of valid items, else null (then the API is asked).
 */
export async function readSnapshot<S extends TSchema>(file: string, item: S): Promise<Static<S>[] | null> {
  try {
    const response = await fetch(`/data/${file}`, { headers: { Accept: 'application/json' } })
    if (!response.ok) return null
    const body: unknown = await response.json()
    const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : null
    if (!Array.isArray(data) || data.length === 0) return null
    return data.every((d) => Value.Check(item, d)) ? data : null
  } catch {
    return null
  }
}
