import type { Podcast } from '@bookstrut/schemas'
import { IMAGE_TYPES, INVALID_IMAGE_TYPE, IMAGE_RULES } from '@/lib/image-rules'
import type { FieldErrors } from '@/lib/validation'

/**
 * The listing form (spec author-and-content sections 3 and 5). The client checks what the server checks, with
 * the same messages: lengths are counted without whitespace, links get https:// when they have no scheme.
 */
export interface ListingValues {
  bookTitle: string
  authorName: string
  category: string
  primaryKeyword: string
  secondaryKeyword: string
  additionalKeyword: string
  bookDescription: string
  publisherName: string
  get_Url: string
  yearPublished: string
  isbn: string
  language: string
  youtubeLink: string
  tiktokLink: string
}
export type ListingTextField = keyof ListingValues

export interface ListingFiles {
  bookImage: File | null
  authorImage: File | null
  audioFile: File | null
  /** Seconds, read in the browser from the chosen MP3 (null when it could not be read). */
  duration: number | null
}
export type ListingFileField = 'bookImage' | 'authorImage' | 'audioFile'
export type ListingField = ListingTextField | ListingFileField

export const emptyListing: ListingValues = {
  bookTitle: '',
  authorName: '',
  category: '',
  primaryKeyword: '',
  secondaryKeyword: '',
  additionalKeyword: '',
  bookDescription: '',
  publisherName: '',
  get_Url: '',
  yearPublished: '',
  isbn: '',
  language: '',
  youtubeLink: '',
  tiktokLink: '',
}
export const noFiles: ListingFiles = { bookImage: null, authorImage: null, audioFile: null, duration: null }

/** Form field → the API's field name. */
export const wireName: Record<ListingTextField, string> = {
  bookTitle: 'title',
  authorName: 'author',
  category: 'categoryName',
  primaryKeyword: 'primary_key',
  secondaryKeyword: 'secondary_key',
  additionalKeyword: 'additional_key',
  bookDescription: 'description',
  publisherName: 'publisher',
  get_Url: 'get_this_url',
  yearPublished: 'year_published',
  isbn: 'ISBN',
  language: 'language',
  youtubeLink: 'youtube_url',
  tiktokLink: 'tiktok_url',
}

/** API field name → form field (server errors name API fields). */
export const formFieldOf: Record<string, ListingField> = {
  ...Object.fromEntries(Object.entries(wireName).map(([form, wire]) => [wire, form as ListingTextField])),
  bookCoverImage: 'bookImage',
  authorImage: 'authorImage',
  podcast: 'audioFile',
}

/** Locked 72 hours after the listing was created (spec section 4). */
export const LOCKED_FIELDS: readonly ListingTextField[] = [
  'bookTitle',
  'authorName',
  'category',
  'primaryKeyword',
  'secondaryKeyword',
  'additionalKeyword',
  'bookDescription',
]
/** Shown and sent only on paid plans. */
export const PAID_FIELDS: readonly ListingTextField[] = ['youtubeLink', 'tiktokLink']

export const DESCRIPTION_MAX = 1000
export const AUDIO_MAX_BYTES = 7_340_032
export const AUDIO_MAX_SECONDS = 300
export const AUDIO_NOT_MP3 = 'Only MP3 files are allowed.'
export const AUDIO_TOO_LARGE = 'File size must be 7MB or less.'
export const AUDIO_TOO_LONG = 'Audio must be 5 minutes or less.'

/** Characters that count: whitespace is ignored (spec section 5). */
export const countChars = (text: string) => text.replace(/\s/g, '').length

/** Cuts a text once it holds `max` counted characters (the description input is capped at 1000). */
export function capChars(text: string, max: number): string {
  if (countChars(text) <= max) return text
  let counted = 0
  for (let i = 0; i < text.length; i++) {
    if (!/\s/.test(text.charAt(i))) counted++
    if (counted > max) return text.slice(0, i)
  }
  return text
}

/** `example.com/x` → `https://example.com/x`; null when it is not a web address (the server's rule). */
export function normaliseLink(raw: string): string | null {
  const value = raw.trim()
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`
  try {
    const url = new URL(withScheme)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (!url.hostname.includes('.') || /\s/.test(value)) return null
    return url.toString()
  } catch {
    return null
  }
}

type Rule = (value: string, now: Date) => string | null

const text =
  (o: { required?: string; max?: number; tooLong?: string; min?: number; tooShort?: string }): Rule =>
  (value) => {
    const n = countChars(value)
    if (n === 0) return o.required ?? null
    if (o.min !== undefined && n < o.min) return o.tooShort ?? null
    if (o.max !== undefined && n > o.max) return o.tooLong ?? null
    return null
  }

const link =
  (required: boolean): Rule =>
  (value) => {
    if (value.trim() === '') return required ? 'Enter a valid URL' : null
    return normaliseLink(value) ? null : 'Enter a valid URL'
  }

export const RULES: Record<ListingTextField, Rule> = {
  bookTitle: text({
    required: 'bookTitle/Genre is required',
    max: 75,
    tooLong: 'bookTitle must not exceed 75 characters',
  }),
  authorName: text({
    required: 'authorName/Genre is required',
    max: 50,
    tooLong: 'authorName must not exceed 50 characters',
  }),
  category: text({
    required: 'Category/Genre is required',
    max: 50,
    tooLong: 'Category must not exceed 50 characters',
  }),
  primaryKeyword: text({
    required: 'Primary Idea is required',
    max: 300,
    tooLong: 'Primary Idea must not exceed 300 characters',
  }),
  secondaryKeyword: text({
    required: 'Secondary Idea is required',
    max: 300,
    tooLong: 'Secondary Idea must not exceed 300 characters',
  }),
  additionalKeyword: text({
    required: 'Additional Idea is required',
    max: 300,
    tooLong: 'Additional Idea must not exceed 300 characters',
  }),
  bookDescription: text({
    required: 'Book Description is required',
    min: 75,
    tooShort: 'Book Description must be at least 75 characters long',
    max: DESCRIPTION_MAX,
    tooLong: 'Book Description must not exceed 1000 characters',
  }),
  publisherName: text({ max: 50, tooLong: 'Publisher Name must not exceed 50 characters' }),
  get_Url: link(true),
  youtubeLink: link(false),
  tiktokLink: link(false),
  yearPublished: (value, now) => {
    const v = value.trim()
    if (v === '') return null
    const year = /^\d{4}$/.test(v) ? Number(v) : NaN
    return year >= 1000 && year <= now.getFullYear() ? null : 'Enter a valid year'
  },
  isbn: (value) => {
    const digits = value.replace(/[\s-]/g, '')
    if (digits === '') return null
    if (digits.length > 13) return 'ISBN must not exceed 13 characters'
    // Ten or thirteen digits; an ISBN-10 may end in its X check character (as the server accepts).
    return /^(\d{13}|\d{9}[\dX])$/i.test(digits) ? null : 'Enter a valid 10 or 13-digit ISBN'
  },
  language: () => null,
}

/** The message for a chosen image, or null (type first, then size). */
export function imageError(file: File | null, kind: 'cover' | 'author', required: boolean): string | null {
  if (!file) return required ? 'Book image is required' : null
  if (!IMAGE_TYPES.includes(file.type)) return INVALID_IMAGE_TYPE
  if (file.size > IMAGE_RULES[kind].maxBytes) return IMAGE_RULES[kind].tooLarge
  return null
}

const isMp3 = (file: { type: string; name: string }) =>
  file.type === 'audio/mpeg' || file.type === 'audio/mp3' || (file.type === '' && /\.mp3$/i.test(file.name))

/** The message for a chosen podblurb (MP3 only, ≤ 7 MB, ≤ 300 s), or null. */
export function audioError(
  file: { type: string; name: string; size: number } | null,
  duration: number | null,
) {
  if (!file) return null
  if (!isMp3(file)) return AUDIO_NOT_MP3
  if (file.size > AUDIO_MAX_BYTES) return AUDIO_TOO_LARGE
  if (duration !== null && duration > AUDIO_MAX_SECONDS) return AUDIO_TOO_LONG
  return null
}

export interface ValidateOptions {
  mode: 'create' | 'edit'
  /** Free plans neither see nor send the YouTube and TikTok links. */
  isFree: boolean
  /** Edit mode checks only these (the changed fields). */
  fields?: readonly ListingTextField[]
  now?: Date
}

/** Create: every field. Edit: only the changed fields, and only the files that were chosen. */
export function validateListing(
  values: ListingValues,
  files: ListingFiles,
  { mode, isFree, fields, now = new Date() }: ValidateOptions,
): FieldErrors<ListingField> {
  const errors: FieldErrors<ListingField> = {}
  const toCheck = (mode === 'create' ? (Object.keys(RULES) as ListingTextField[]) : (fields ?? [])).filter(
    (f) => !(isFree && PAID_FIELDS.includes(f)),
  )
  for (const field of toCheck) {
    const message = RULES[field](values[field], now)
    if (message) errors[field] = message
  }
  const cover = imageError(files.bookImage, 'cover', mode === 'create')
  if (cover) errors.bookImage = cover
  const author = imageError(files.authorImage, 'author', false)
  if (author) errors.authorImage = author
  const audio = audioError(files.audioFile, files.duration)
  if (audio) errors.audioFile = audio
  return errors
}

/** The fields whose value differs from the snapshot taken when the listing was loaded. */
export function changedFields(original: ListingValues, current: ListingValues): ListingTextField[] {
  return (Object.keys(original) as ListingTextField[]).filter(
    (field) => original[field].trim() !== current[field].trim(),
  )
}

/** What is sent for a field: links with their scheme, the ISBN without spaces or hyphens, others trimmed. */
export function wireValue(field: ListingTextField, value: string): string {
  const v = value.trim()
  if (v === '') return ''
  if (field === 'get_Url' || field === 'youtubeLink' || field === 'tiktokLink') return normaliseLink(v) ?? v
  if (field === 'isbn') return v.replace(/[\s-]/g, '')
  return v
}

/**
 * The multipart body. Create: every non-empty field, `createBy` and the files. Edit: the changed fields
 * (an emptied optional field is sent empty, which clears it) and the newly chosen files.
 */
export function toListingFormData(
  values: ListingValues,
  files: ListingFiles,
  opts:
    | { mode: 'create'; userId: string; isFree: boolean }
    | { mode: 'edit'; fields: readonly ListingTextField[]; isFree: boolean },
): FormData {
  const form = new FormData()
  const fields = opts.mode === 'create' ? (Object.keys(wireName) as ListingTextField[]) : opts.fields
  for (const field of fields) {
    if (opts.isFree && PAID_FIELDS.includes(field)) continue
    const value = wireValue(field, values[field])
    if (opts.mode === 'create' && value === '') continue
    form.append(wireName[field], value)
  }
  if (opts.mode === 'create') form.append('createBy', opts.userId)
  const year = values.yearPublished.trim()
  if (year !== '' && (opts.mode === 'create' || fields.includes('yearPublished')))
    form.append('episodes[0][year_published]', year)
  if (files.bookImage) form.append('bookCoverImage', files.bookImage)
  if (files.authorImage) form.append('authorImage', files.authorImage)
  if (files.audioFile) {
    form.append('podcast', files.audioFile)
    if (files.duration !== null) form.append('episodes[0][duration]', String(Math.round(files.duration)))
  }
  return form
}

/** The form's values from a stored listing (edit mode): also the snapshot changes are measured against. */
export function valuesFromPodcast(p: Podcast): ListingValues {
  return {
    bookTitle: p.title,
    authorName: p.author,
    category: p.categoryName,
    primaryKeyword: p.primary_key,
    secondaryKeyword: p.secondary_key,
    additionalKeyword: p.additional_key,
    bookDescription: p.description,
    publisherName: p.publisher,
    get_Url: p.get_this_url ?? '',
    yearPublished: p.year_published === null ? '' : String(p.year_published),
    isbn: p.ISBN ?? '',
    language: p.language ?? '',
    youtubeLink: p.youtube_url ?? '',
    tiktokLink: p.tiktok_url ?? '',
  }
}

/** Whether the 72-hour edit window of a listing is over. */
export const isEditLocked = (editableUntil: string, now = new Date()) =>
  now.getTime() > new Date(editableUntil).getTime()

/** Server field errors (`data.errors = [{field, message}]`) as form errors. */
export function serverFieldErrors(data: unknown): FieldErrors<ListingField> {
  const errors: FieldErrors<ListingField> = {}
  if (typeof data !== 'object' || data === null || !('errors' in data) || !Array.isArray(data.errors))
    return errors
  for (const item of data.errors as unknown[]) {
    if (typeof item !== 'object' || item === null) continue
    const { field, message } = item as { field?: unknown; message?: unknown }
    if (typeof field !== 'string' || typeof message !== 'string') continue
    const formField = formFieldOf[field]
    if (formField && !errors[formField]) errors[formField] = message
  }
  return errors
}
