import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { access, constants, copyFile, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { catalogueImportRepo } from '@bookstrut/catalogue'
import { AppError, newId, type MediaStore } from '@bookstrut/core'
import { AUDIO_MAX_BYTES, AUDIO_TOO_LARGE, IMAGE_RULES } from '@bookstrut/schemas'
import type { ValidBook } from './book-line.js'

/** A file in the media store for an imported book; `fresh` when this import stored it (else it is reused). */
export interface ImportedFile {
  url: string
  sha256: string
  fresh: boolean
}

export interface BookMedia {
  cover: ImportedFile | null
  audio: (ImportedFile & { durationSeconds: number }) | null
}

export interface MediaContext {
  media: MediaStore
  /** the catalogue file's folder: paths in it are relative to this */
  baseDir: string
  /** where audio is copied before the media store moves it in (same file system as the store) */
  tempDir: string
}

type Current = catalogueImportRepo.CurrentImportMedia | undefined

/** A row's media cannot be used; the message is the rejection reason. */
class MediaError extends Error {}

/**
 * Stores a book's cover and podblurb through the media store (the checks uploads get). A source file whose
 * hash matches what the book already shows from an earlier import is reused, not stored again. On any failure
 * the files this call stored are deleted and the reason is returned.
 */
export async function storeBookMedia(
  ctx: MediaContext,
  book: ValidBook,
  current: Current,
): Promise<BookMedia | { reason: string }> {
  let cover: ImportedFile | null = null
  try {
    if (book.cover) cover = await storeCover(ctx, book.cover, current)
    const audio = book.audio ? await storeAudio(ctx, book.audio, current) : null
    return { cover, audio }
  } catch (err) {
    if (cover?.fresh) await ctx.media.remove(cover.url)
    if (err instanceof MediaError) return { reason: err.message }
    throw err
  }
}

/** Deletes the files this import stored for a row that was not written after all. */
export async function removeFresh(media: MediaStore, stored: BookMedia): Promise<void> {
  if (stored.cover?.fresh) await media.remove(stored.cover.url)
  if (stored.audio?.fresh) await media.remove(stored.audio.url)
}

async function storeCover(ctx: MediaContext, file: string, current: Current): Promise<ImportedFile> {
  const source = path.resolve(ctx.baseDir, file)
  const rule = IMAGE_RULES.cover
  if ((await sizeOf(source, 'cover', file)) > rule.maxBytes) throw new MediaError(`cover: ${rule.tooLarge}`)
  const bytes = await readFile(source)
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  if (current?.book_cover_image && current.cover_sha256 === sha256) {
    return { url: current.book_cover_image, sha256, fresh: false }
  }
  try {
    return { url: await ctx.media.saveImage(bytes, 'cover'), sha256, fresh: true }
  } catch (err) {
    if (err instanceof AppError) throw new MediaError(`cover: ${err.message}`)
    throw err
  }
}

async function storeAudio(
  ctx: MediaContext,
  file: string,
  current: Current,
): Promise<NonNullable<BookMedia['audio']>> {
  const source = path.resolve(ctx.baseDir, file)
  if ((await sizeOf(source, 'audio', file)) > AUDIO_MAX_BYTES)
    throw new MediaError(`audio: ${AUDIO_TOO_LARGE}`)
  const hash = createHash('sha256')
  await pipeline(createReadStream(source), hash)
  const sha256 = hash.digest('hex')
  if (current?.episode_file_url && current.episode_duration !== null && current.audio_sha256 === sha256) {
    return { url: current.episode_file_url, durationSeconds: current.episode_duration, sha256, fresh: false }
  }
  // saveAudio moves its file into the store: give it a copy, never the operator's original.
  const temp = path.join(ctx.tempDir, `${newId()}.mp3`)
  try {
    await copyFile(source, temp)
    return { ...(await ctx.media.saveAudio(temp)), sha256, fresh: true }
  } catch (err) {
    if (err instanceof AppError) throw new MediaError(`audio: ${err.message}`)
    throw err
  } finally {
    await rm(temp, { force: true })
  }
}

/** The source file's size; a missing, unreadable or non-file path rejects the row. */
async function sizeOf(source: string, field: 'cover' | 'audio', written: string): Promise<number> {
  try {
    const info = await stat(source)
    if (!info.isFile()) throw new MediaError(`${field}: ${written} is not a file`)
    await access(source, constants.R_OK)
    return info.size
  } catch (err) {
    if (err instanceof MediaError) throw err
    const code = (err as NodeJS.ErrnoException).code
    throw new MediaError(
      code === 'ENOENT'
        ? `${field}: file not found (${written})`
        : `${field}: cannot read ${written} (${code})`,
    )
  }
}
