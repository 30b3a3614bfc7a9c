import {
  AUDIO_MAX_BYTES,
  AUDIO_MAX_SECONDS,
  AUDIO_NOT_MP3,
  AUDIO_TOO_LARGE,
  AUDIO_TOO_LONG,
  FieldError,
  LISTING_RULES,
  LOCKED_FIELDS as LOCKED_WIRE_FIELDS,
  PAID_ONLY_FIELDS,
  countChars,
  normaliseLink,
  type ListingField as WireField,
  type Podcast,
} from '@bookstrut/schemas'
import { Value } from '@sinclair/typebox/value'
import { imageFileError } from '@/lib/image-rules'
import type { FieldErrors } from '@/lib/validation'

/**
 * The listing form (spec author-and-content sections 3 and 5). The client checks the server's own rules
 * (`@bookstrut/schemas`), with the same messages, under the form's field names.
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
export const wireName: Record<ListingTextField, WireField> = {
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

const FORM_FIELDS = Object.keys(wireName) as ListingTextField[]
const formFieldsFor = (wireFields: readonly WireField[]) =>
  FORM_FIELDS.filter((field) => wireFields.includes(wireName[field]))

/** Locked 72 hours after the listing was created (spec section 4). */
export const LOCKED_FIELDS: readonly ListingTextField[] = formFieldsFor(LOCKED_WIRE_FIELDS)
/** Shown and sent only on paid plans. */
export const PAID_FIELDS: readonly ListingTextField[] = formFieldsFor(PAID_ONLY_FIELDS)

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

/** The message for a form field's value under the shared rule of its API field, or null when it passes. */
function fieldError(field: ListingTextField, value: string, now: Date): string | null {
  const outcome = LISTING_RULES[wireName[field]](value.trim(), now)
  return 'error' in outcome ? outcome.error : null
}

/** The message for a chosen image, or null (type first, then size). */
export function imageError(file: File | null, kind: 'cover' | 'author', required: boolean): string | null {
  if (!file) return required ? 'Book image is required' : null
  return imageFileError(file, kind)
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
  const toCheck = (mode === 'create' ? FORM_FIELDS : (fields ?? [])).filter(
    (f) => !(isFree && PAID_FIELDS.includes(f)),
  )
  for (const field of toCheck) {
    const message = fieldError(field, values[field], now)
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
  const fields = opts.mode === 'create' ? FORM_FIELDS : opts.fields
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
    if (!Value.Check(FieldError, item)) continue
    const formField = formFieldOf[item.field]
    if (formField && !errors[formField]) errors[formField] = item.message
  }
  return errors
}
