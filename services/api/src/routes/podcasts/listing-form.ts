import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import type { ListingForm } from '@bookstrut/catalogue'
import { badRequest, newId } from '@bookstrut/core'
import {
  AUDIO_MAX_BYTES,
  AUDIO_TOO_LARGE,
  FORM_MAX_FIELDS,
  IMAGE_RULES,
  LISTING_FIELDS,
  LISTING_FORM_MAX_BYTES,
  type ListingField,
  type ListingFormBody,
} from '@bookstrut/schemas'
import {
  formParts,
  readFilePart,
  saveFilePart,
  type FileRule,
  type FormLimits,
} from '../../plugins/app/upload-limits.js'

type ListingFiles = Pick<ListingForm, 'cover' | 'authorImage' | 'audioPath'>

/** The spec's client sends these files; each is refused with its own message as soon as it passes its limit. */
const LISTING_FILES = {
  bookCoverImage: IMAGE_RULES.cover,
  authorImage: IMAGE_RULES.author,
  podcast: { maxBytes: AUDIO_MAX_BYTES, tooLarge: AUDIO_TOO_LARGE },
} satisfies Record<string, FileRule>
const LISTING_FORM: FormLimits = { maxBytes: LISTING_FORM_MAX_BYTES, files: LISTING_FILES }

const files = new WeakMap<FastifyRequest, ListingFiles>()
/** Where a request's MP3 is being written: kept apart from `files` so that a half-written one is removed too. */
const tempAudio = new WeakMap<FastifyRequest, string>()

/** The request's listing form: the validated body split into listing fields and the rest, and its files. */
export function listingFormOf(req: FastifyRequest, body: ListingFormBody): ListingForm {
  const extra: Record<string, string | undefined> = { ...body }
  const fields: Partial<Record<ListingField, string>> = {}
  for (const field of LISTING_FIELDS) {
    fields[field] = extra[field]
    delete extra[field]
  }
  return { fields, extra, ...files.get(req) }
}

/**
 * preValidation hook for the listing routes: a multipart form becomes a plain body for the route's schema
 * (`ListingFormBody`), and its files are kept aside. Images are buffered (they are small); the MP3 is streamed to
 * a temporary file under `tmpDir`. Files over the limits are refused here, with the spec's messages, before
 * anything is stored. A JSON body (calls without files) is taken as a form would send it.
 */
export const readListingForm = (tmpDir: string) =>
  async function readListingMultipart(req: FastifyRequest) {
    if (!req.isMultipart()) {
      req.body = plainFormBody(req.body)
      return
    }
    const body: Record<string, string> = {}
    const upload: ListingFiles = {}
    const audioPath = path.join(tmpDir, `upload-${newId()}.mp3`)
    tempAudio.set(req, audioPath)
    try {
      for await (const part of formParts(req, LISTING_FORM)) {
        if (part.type === 'field') body[part.fieldname] = String(part.value)
        else if (part.fieldname === 'podcast') {
          await mkdir(tmpDir, { recursive: true })
          await saveFilePart(part, LISTING_FILES.podcast, audioPath)
          upload.audioPath = audioPath
        } else if (part.fieldname === 'bookCoverImage' || part.fieldname === 'authorImage') {
          const bytes = await readFilePart(part, LISTING_FILES[part.fieldname])
          // The spec's client sends an empty file part when no file was chosen.
          if (bytes.length > 0 && part.fieldname === 'bookCoverImage') upload.cover = bytes
          else if (bytes.length > 0) upload.authorImage = bytes
        } else {
          // Unknown file fields are read and ignored, within the form's limits.
          part.file.resume()
        }
      }
    } catch (err) {
      // Also when the client went away: then no response is sent and onSend may never come.
      await removeListingUpload(req)
      throw err
    }
    req.body = body
    files.set(req, upload)
  }

/**
 * onSend hook of the listing routes: the temporary MP3 goes before the answer is written, whatever it was (onSend
 * runs for errors too), so that no caller ever sees a refused upload's file left behind.
 */
export async function removeListingUpload(req: FastifyRequest) {
  const audioPath = tempAudio.get(req)
  if (audioPath) await rm(audioPath, { force: true })
}

/**
 * A JSON body as a form would carry it: numbers become text; other values are no form values and are left out,
 * as are fields past the form's limit.
 */
function plainFormBody(body: unknown): Record<string, string> {
  if (body === undefined || body === null) return {}
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Send the listing as multipart/form-data or a JSON object')
  const entries = Object.entries(body).slice(0, FORM_MAX_FIELDS)
  return Object.fromEntries(
    entries.flatMap(([name, value]) =>
      typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
    ),
  )
}
