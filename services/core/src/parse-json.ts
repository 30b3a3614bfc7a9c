import type { Static, TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/**
 * Text from outside the process (Redis, pub/sub, a file) as the value `schema` describes, or null when it is no
 * JSON or not such a value: callers decide what a bad one means (ignore it, compute afresh), nothing is cast.
 */
export function parseJson<T extends TSchema>(schema: T, text: string): Static<T> | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  return Value.Check(schema, value) ? value : null
}
