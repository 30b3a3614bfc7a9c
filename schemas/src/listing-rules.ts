import { Type, type Static } from '@sinclair/typebox'

/**
 * The listing form's rules (spec author-and-content section 5), in one place: the server enforces them and the
 * client checks the same before sending, with the same messages. Lengths are counted without whitespace; links
 * without a scheme get https:// in front. Field names are the API's wire names.
 */
/** What a listing says about its book: locked 72 hours after the listing is created. */
const BOOK_FIELDS = [
  'title',
  'author',
  'categoryName',
  'primary_key',
  'secondary_key',
  'additional_key',
  'description',
] as const

export const LISTING_FIELDS = [
  ...BOOK_FIELDS,
  'publisher',
  'get_this_url',
  'year_published',
  'ISBN',
  'language',
  'youtube_url',
  'tiktok_url',
] as const
export type ListingField = (typeof LISTING_FIELDS)[number]

/** A book's three ideas as the wire and the table name them: its first, second and third idea. */
export const IDEA_FIELDS = ['primary_key', 'secondary_key', 'additional_key'] as const
export type IdeaField = (typeof IDEA_FIELDS)[number]
type WithIdeas = Readonly<Record<IdeaField, string>>

/** A book's three ideas as stored, empty ones included: an idea's place is its rank. */
export const storedIdeas = (book: WithIdeas): string[] => IDEA_FIELDS.map((field) => book[field])

/** A book's ideas that are set, in order (imported books may come without some or all). */
export const bookIdeas = (book: WithIdeas): string[] => storedIdeas(book).filter((idea) => idea.trim() !== '')

/** Locked 72 hours after a listing is created. */
export const LOCKED_FIELDS: readonly ListingField[] = BOOK_FIELDS
export const EDIT_WINDOW_MS = 72 * 60 * 60 * 1000

/** Links only paid plans may show (the form hides them from free users). */
export const PAID_ONLY_FIELDS: readonly ListingField[] = ['youtube_url', 'tiktok_url']

/** A listing's fields once the rules have read them (the client's form holds them as typed: ListingFormValues). */
export interface ListingValues {
  title: string
  author: string
  categoryName: string
  primary_key: string
  secondary_key: string
  additional_key: string
  description: string
  publisher: string
  get_this_url: string | null
  year_published: number | null
  ISBN: string | null
  language: string | null
  youtube_url: string | null
  tiktok_url: string | null
}

/** One refused field, as the server lists them in `data.errors` (the client reads them back with this schema). */
export const FieldError = Type.Object({ field: Type.String(), message: Type.String() })
export type FieldError = Static<typeof FieldError>

export const countChars = (s: string) => s.replace(/\s/g, '').length

/** `example.com/x` → `https://example.com/x`; null when it is not a web address. */
export function normaliseLink(raw: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`
  try {
    const url = new URL(withScheme)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (!url.hostname.includes('.') || /\s/.test(raw)) return null
    return url.toString()
  } catch {
    return null
  }
}

/** A field's rule: the normalised value of a trimmed input, or the message saying what is wrong with it. */
export type ListingRule = (
  value: string,
  now: Date,
) => { value: ListingValues[ListingField] } | { error: string }

/** The description's limits; the maximum also caps the client's description input. */
export const DESCRIPTION_MIN = 75
export const DESCRIPTION_MAX = 1000

const text =
  (opts: {
    required?: string
    max?: number
    tooLong?: string
    min?: number
    tooShort?: string
  }): ListingRule =>
  (value) => {
    if (value === '') return opts.required ? { error: opts.required } : { value: '' }
    const n = countChars(value)
    if (n === 0 && opts.required) return { error: opts.required }
    if (opts.min !== undefined && n < opts.min) return { error: opts.tooShort ?? 'too short' }
    if (opts.max !== undefined && n > opts.max) return { error: opts.tooLong ?? 'too long' }
    return { value }
  }

const link =
  (required: boolean): ListingRule =>
  (value) => {
    if (value === '') return required ? { error: 'Enter a valid URL' } : { value: null }
    const url = normaliseLink(value)
    return url ? { value: url } : { error: 'Enter a valid URL' }
  }

export const LISTING_RULES: Record<ListingField, ListingRule> = {
  title: text({
    required: 'bookTitle/Genre is required',
    max: 75,
    tooLong: 'bookTitle must not exceed 75 characters',
  }),
  author: text({
    required: 'authorName/Genre is required',
    max: 50,
    tooLong: 'authorName must not exceed 50 characters',
  }),
  categoryName: text({
    required: 'Category/Genre is required',
    max: 50,
    tooLong: 'Category must not exceed 50 characters',
  }),
  primary_key: text({
    required: 'Primary Idea is required',
    max: 300,
    tooLong: 'Primary Idea must not exceed 300 characters',
  }),
  secondary_key: text({
    required: 'Secondary Idea is required',
    max: 300,
    tooLong: 'Secondary Idea must not exceed 300 characters',
  }),
  additional_key: text({
    required: 'Additional Idea is required',
    max: 300,
    tooLong: 'Additional Idea must not exceed 300 characters',
  }),
  description: text({
    required: 'Book Description is required',
    min: DESCRIPTION_MIN,
    tooShort: 'Book Description must be at least 75 characters long',
    max: DESCRIPTION_MAX,
    tooLong: 'Book Description must not exceed 1000 characters',
  }),
  publisher: text({ max: 50, tooLong: 'Publisher Name must not exceed 50 characters' }),
  get_this_url: link(true),
  youtube_url: link(false),
  tiktok_url: link(false),
  year_published: (value, now) => {
    if (value === '') return { value: null }
    const year = /^\d{4}$/.test(value) ? Number(value) : NaN
    return year >= 1000 && year <= now.getUTCFullYear() ? { value: year } : { error: 'Enter a valid year' }
  },
  ISBN: (value) => {
    if (value === '') return { value: null }
    const digits = value.replace(/[\s-]/g, '')
    if (digits.length > 13) return { error: 'ISBN must not exceed 13 characters' }
    // Ten or thirteen digits; an ISBN-10 may end in its X check character.
    return /^(\d{13}|\d{9}[\dX])$/i.test(digits)
      ? { value: digits.toUpperCase() }
      : { error: 'Enter a valid 10 or 13-digit ISBN' }
  },
  language: (value) => {
    if (value === '') return { value: null }
    return /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value)
      ? { value }
      : { error: 'Choose a language from the list' }
  },
}

/**
 * Validates and normalises the given fields. `fields` lists what to check: every field when creating,
 * only the changed ones when editing.
 */
export function validateListing(
  input: Partial<Record<ListingField, string>>,
  fields: readonly ListingField[],
  now: Date,
): { values: Partial<ListingValues>; errors: FieldError[] } {
  const values: Partial<Record<ListingField, unknown>> = {}
  const errors: FieldError[] = []
  for (const field of fields) {
    const outcome = LISTING_RULES[field]((input[field] ?? '').trim(), now)
    if ('error' in outcome) errors.push({ field, message: outcome.error })
    else values[field] = outcome.value
  }
  return { values: values as Partial<ListingValues>, errors }
}
