import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import { AUDIO_TOO_LARGE, IMAGE_RULES, badRequest, newId } from '@bookstrut/core'
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

const MAX_TEXT_PARTS = 40

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
      .slice(0, MAX_TEXT_PARTS)
      .forEach(([k, v]) => put(k, v))
    return form
  }

  const audioPath = path.join(tmpDir, `upload-${newId()}.mp3`)
  form.cleanup = () => rm(audioPath, { force: true })
  try {
    let textParts = 0
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (++textParts > MAX_TEXT_PARTS) throw badRequest('Too many form fields')
        put(part.fieldname, part.value)
        continue
      }
      if (part.fieldname === 'bookCoverImage' || part.fieldname === 'authorImage') {
        const rule = IMAGE_RULES[part.fieldname === 'bookCoverImage' ? 'cover' : 'author']
        const bytes = await part.toBuffer().catch(() => {
          throw badRequest(rule.tooLarge)
        })
        if (bytes.length === 0) continue
        if (part.fieldname === 'bookCoverImage') form.cover = bytes
        else form.authorImage = bytes
      } else if (part.fieldname === 'podcast') {
        await mkdir(tmpDir, { recursive: true })
        await pipeline(part.file, createWriteStream(audioPath))
        if (part.file.truncated) throw badRequest(AUDIO_TOO_LARGE)
        form.audioPath = audioPath
      } else {
        // Unknown file fields are drained and ignored.
        part.file.resume()
      }
    }
  } catch (err) {
    await form.cleanup()
    if (err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(AUDIO_TOO_LARGE)
    throw err
  }
  return form
}
