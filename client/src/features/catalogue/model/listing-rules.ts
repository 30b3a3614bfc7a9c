import {
  AUDIO_MAX_BYTES,
  AUDIO_MAX_SECONDS,
  AUDIO_NOT_MP3,
  AUDIO_TOO_LARGE,
  AUDIO_TOO_LONG,
  FieldError,
  LISTING_RULES,
  LISTING_FIELDS,
  PAID_ONLY_FIELDS,
  countChars,
  normaliseLink,
  type ListingField,
} from '@bookstrut/schemas'
import { Value } from '@sinclair/typebox/value'
import { imageFileError } from '@/lib/image-rules'
import type { FieldErrors } from '@/lib/validation'
import type { Book } from '@/api/book'

/**
 * The listing form (spec author-and-content sections 3 and 5). Its text fields are the API's own (`LISTING_FIELDS`),
 * so the client checks the server's rules (`@bookstrut/schemas`) with the same messages under the same names, sends
 * each field as it is named, and shows a server error under the field it names.
 */
export type { ListingField }
/** What the inputs hold: every field as typed (numbers too), before the rules read it into `ListingValues`. */
export type ListingFormValues = Record<ListingField, string>

export interface ListingFiles {
  bookCoverImage: File | null
  authorImage: File | null
  audioFile: File | null
  /** Seconds, read in the browser from the chosen MP3 (null when it could not be read). */
  duration: number | null
}
export type ListingImageField = 'bookCoverImage' | 'authorImage'
export type ListingFileField = ListingImageField | 'audioFile'
export type ListingFormField = ListingField | ListingFileField

export const emptyListing: ListingFormValues = Object.fromEntries(
  LISTING_FIELDS.map((field) => [field, '']),
) as ListingFormValues
export const noFiles: ListingFiles = {
  bookCoverImage: null,
  authorImage: null,
  audioFile: null,
  duration: null,
}

/** The fields a server error may name: the texts, and the two images under their part names. */
const SERVER_NAMED_FIELDS: readonly string[] = [...LISTING_FIELDS, 'bookCoverImage', 'authorImage']
const isServerNamedField = (field: string): field is ListingField | ListingImageField =>
  SERVER_NAMED_FIELDS.includes(field)

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

/** The message for a field's value under the shared rule, or null when it passes. */
function fieldError(field: ListingField, value: string, now: Date): string | null {
  const outcome = LISTING_RULES[field](value.trim(), now)
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
  fields?: readonly ListingField[]
  now?: Date
}

/** Create: every field. Edit: only the changed fields, and only the files that were chosen. */
export function validateListing(
  values: ListingFormValues,
  files: ListingFiles,
  { mode, isFree, fields, now = new Date() }: ValidateOptions,
): FieldErrors<ListingFormField> {
  const errors: FieldErrors<ListingFormField> = {}
  const toCheck = (mode === 'create' ? LISTING_FIELDS : (fields ?? [])).filter(
    (f) => !(isFree && PAID_ONLY_FIELDS.includes(f)),
  )
  for (const field of toCheck) {
    const message = fieldError(field, values[field], now)
    if (message) errors[field] = message
  }
  const cover = imageError(files.bookCoverImage, 'cover', mode === 'create')
  if (cover) errors.bookCoverImage = cover
  const author = imageError(files.authorImage, 'author', false)
  if (author) errors.authorImage = author
  const audio = audioError(files.audioFile, files.duration)
  if (audio) errors.audioFile = audio
  return errors
}

/** The fields whose value differs from the snapshot taken when the listing was loaded. */
export function changedFields(original: ListingFormValues, current: ListingFormValues): ListingField[] {
  return LISTING_FIELDS.filter((field) => original[field].trim() !== current[field].trim())
}

/** What is sent for a field: links with their scheme, the ISBN without spaces or hyphens, others trimmed. */
export function wireValue(field: ListingField, value: string): string {
  const v = value.trim()
  if (v === '') return ''
  if (field === 'get_this_url' || field === 'youtube_url' || field === 'tiktok_url')
    return normaliseLink(v) ?? v
  if (field === 'ISBN') return v.replace(/[\s-]/g, '')
  return v
}

/**
 * The multipart body. Create: every non-empty field, `createBy` and the files. Edit: the changed fields
 * (an emptied optional field is sent empty, which clears it) and the newly chosen files.
 */
export function toListingFormData(
  values: ListingFormValues,
  files: ListingFiles,
  opts:
    | { mode: 'create'; userId: string; isFree: boolean }
    | { mode: 'edit'; fields: readonly ListingField[]; isFree: boolean },
): FormData {
  const form = new FormData()
  const fields = opts.mode === 'create' ? LISTING_FIELDS : opts.fields
  for (const field of fields) {
    if (opts.isFree && PAID_ONLY_FIELDS.includes(field)) continue
    const value = wireValue(field, values[field])
    if (opts.mode === 'create' && value === '') continue
    form.append(field, value)
  }
  if (opts.mode === 'create') form.append('createBy', opts.userId)
  const year = values.year_published.trim()
  if (year !== '' && (opts.mode === 'create' || fields.includes('year_published')))
    form.append('episodes[0][year_published]', year)
  if (files.bookCoverImage) form.append('bookCoverImage', files.bookCoverImage)
  if (files.authorImage) form.append('authorImage', files.authorImage)
  if (files.audioFile) {
    form.append('podcast', files.audioFile)
    if (files.duration !== null) form.append('episodes[0][duration]', String(Math.round(files.duration)))
  }
  return form
}

/** The form's values from a stored listing (edit mode): also the snapshot changes are measured against. */
export function valuesFromBook(book: Book): ListingFormValues {
  return Object.fromEntries(
    LISTING_FIELDS.map((field) => [field, book[field] === null ? '' : String(book[field])]),
  ) as ListingFormValues
}

/** Whether the 72-hour edit window of a listing is over. */
export const isEditLocked = (editableUntil: string, now = new Date()) =>
  now.getTime() > new Date(editableUntil).getTime()

/** Server field errors (`data.errors = [{field, message}]`) as form errors. */
export function serverFieldErrors(data: unknown): FieldErrors<ListingFormField> {
  const errors: FieldErrors<ListingFormField> = {}
  if (typeof data !== 'object' || data === null || !('errors' in data) || !Array.isArray(data.errors))
    return errors
  for (const item of data.errors as unknown[]) {
    if (!Value.Check(FieldError, item)) continue
    if (isServerNamedField(item.field) && !errors[item.field]) errors[item.field] = item.message
  }
  return errors
}
