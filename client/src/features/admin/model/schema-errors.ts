import type { TSchema } from '@sinclair/typebox'
import { Value, type ValueError } from '@sinclair/typebox/value'

/** A form's problems by the field's path in the request body (`/title`, `/relatedLinks/0/linkUrl`). */
export type FieldErrors = Readonly<Record<string, string>>

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The server's own words for a rule (the schema's errorMessage), without the field name it starts with. */
function customMessage(error: ValueError): string | undefined {
  const custom: unknown = (error.schema as { errorMessage?: unknown }).errorMessage
  if (typeof custom === 'string') return capitalised(custom.replace(/^[\w.]+: /, ''))
  return undefined
}

function plainMessage(error: ValueError): string {
  const s = error.schema as {
    type?: string
    maxLength?: number
    minLength?: number
    maxItems?: number
    minimum?: number
    maximum?: number
  }
  if (s.type === 'integer')
    return s.minimum !== undefined && s.maximum !== undefined
      ? `A whole number from ${s.minimum.toLocaleString('en-US')} to ${s.maximum.toLocaleString('en-US')}.`
      : 'A whole number.'
  if (s.maxLength !== undefined && typeof error.value === 'string' && error.value.length > s.maxLength)
    return `At most ${s.maxLength.toLocaleString('en-US')} characters.`
  if (s.minLength !== undefined && typeof error.value === 'string' && error.value.length < s.minLength)
    return 'Required.'
  if (s.maxItems !== undefined && Array.isArray(error.value)) return `At most ${s.maxItems}.`
  return 'Not valid here.'
}

/**
 * Checks a request body against the same schema the server validates it with (schemas/src), so the admin reads
 * the reason under the field before sending; the first problem of each field is kept.
 */
export function schemaErrors(schema: TSchema, body: unknown): FieldErrors {
  const errors: Record<string, string> = {}
  for (const error of Value.Errors(schema, body)) {
    const path = error.path || '/'
    errors[path] ??= customMessage(error) ?? plainMessage(error)
  }
  return errors
}

/** The first problem at `path` or under it (a list field's items). */
export const errorAt = (errors: FieldErrors, path: string): string | undefined =>
  errors[path] ?? Object.entries(errors).find(([p]) => p.startsWith(`${path}/`))?.[1]
