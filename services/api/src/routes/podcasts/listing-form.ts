import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import {
  AUDIO_MAX_BYTES,
  AUDIO_TOO_LARGE,
  FORM_MAX_FIELDS,
  IMAGE_RULES,
  LISTING_FORM_MAX_BYTES,
  badRequest,
  newId,
} from '@bookstrut/core'
import {
  formParts,
  readFilePart,
  saveFilePart,
  type FileRule,
  type FormLimits,
} from '../../plugins/app/upload-limits.js'
import { LISTING_FIELDS, type ListingField } from './listing-rules.js'

/** What a create or update request carries, before validation. */
export interface ListingForm {
  fields: Partial<Record<ListingField, string>>
  /** Other text parts the spec's client sends (createBy, episodes[0][year_published], ...). */
  extra: Record<string, string>
  cover?: Buffer
  authorImage?: Buffer
  /** The uploaded MP3, streamed to a temporary file; the caller must call `cleanup`. */
  audioPath?: string
  cleanup(): Promise<void>
}

/** The spec's client sends these files; each is refused with its own message as soon as it passes its limit. */
const LISTING_FILES = {
  bookCoverImage: IMAGE_RULES.cover,
  authorImage: IMAGE_RULES.author,
  podcast: { maxBytes: AUDIO_MAX_BYTES, tooLarge: AUDIO_TOO_LARGE },
} satisfies Record<string, FileRule>
const LISTING_FORM: FormLimits = { maxBytes: LISTING_FORM_MAX_BYTES, files: LISTING_FILES }

/**
 * Reads a multipart listing form (or a JSON body, for calls without files). Images are buffered (they are
 * small); the MP3 is streamed to a temporary file under `tmpDir`. Files over the limits are refused here,
 * with the spec's messages, before anything is stored.
 */
export async function readListingForm(req: FastifyRequest, tmpDir: string): Promise<ListingForm> {
  const form: ListingForm = { fields: {}, extra: {}, cleanup: async () => undefined }
  const put = (name: string, value: unknown) => {
    if (typeof value !== 'string' && typeof value !== 'number') return
    const text = String(value)
    if ((LISTING_FIELDS as readonly string[]).includes(name)) form.fields[name as ListingField] = text
    else form.extra[name] = text
  }
  if (!req.isMultipart()) {
    const body = (req.body ?? {}) as Record<string, unknown>
    if (typeof body !== 'object' || Array.isArray(body))
      throw badRequest('Send the listing as multipart/form-data or a JSON object')
    Object.entries(body)
      .slice(0, FORM_MAX_FIELDS)
      .forEach(([k, v]) => put(k, v))
    return form
  }

  const audioPath = path.join(tmpDir, `upload-${newId()}.mp3`)
  form.cleanup = () => rm(audioPath, { force: true })
  try {
    for await (const part of formParts(req, LISTING_FORM)) {
      if (part.type === 'field') put(part.fieldname, part.value)
      else if (part.fieldname === 'podcast') {
        await mkdir(tmpDir, { recursive: true })
        await saveFilePart(part, LISTING_FILES.podcast, audioPath)
        form.audioPath = audioPath
      } else if (part.fieldname === 'bookCoverImage' || part.fieldname === 'authorImage') {
        const bytes = await readFilePart(part, LISTING_FILES[part.fieldname])
        // The spec's client sends an empty file part when no file was chosen.
        if (bytes.length > 0 && part.fieldname === 'bookCoverImage') form.cover = bytes
        else if (bytes.length > 0) form.authorImage = bytes
      } else {
        // Unknown file fields are read and ignored, within the form's limits.
        part.file.resume()
      }
    }
  } catch (err) {
    await form.cleanup()
    throw err
  }
  return form
}
