import { mkdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { fileTypeFromBuffer } from 'file-type'
import { badRequest } from '../errors.js'
import { newId } from '../ids.js'
import {
  AUDIO_MAX_BYTES,
  AUDIO_MAX_JUNK_BYTES,
  AUDIO_MAX_SECONDS,
  AUDIO_NOT_CLEAN,
  AUDIO_NOT_MP3,
  AUDIO_TOO_LARGE,
  AUDIO_TOO_LONG,
  IMAGE_MAX_PIXELS,
  IMAGE_RULES,
  INVALID_IMAGE_TYPE,
  audioLengthMismatch,
  imageTooManyPixels,
  imageUnreadable,
  isImageType,
  type ImageKind,
  type ImageRule,
} from '@bookstrut/schemas'
import { measureMp3, type Mp3Measure } from './mp3-frames.js'

/** URL prefix under which stored media are served. */
export const MEDIA_URL_PREFIX = '/media/'

export interface StoredAudio {
  url: string
  durationSeconds: number
}

/**
 * Files on disk under `dir`, judged by their bytes, stored under server-made names and served from /media/.
 * Images are re-encoded to WebP (which drops their metadata); MP3s are kept as they are once their real
 * type, size and duration are known. The same interface can later sit in front of object storage.
 */
export function createMediaStore(dir: string) {
  const imagesDir = path.join(dir, 'images')
  const audioDir = path.join(dir, 'audio')

  /**
   * Checks an image's bytes and stores a re-encoded copy; throws 400 naming the real reason otherwise (the spec's
   * message for bytes and type, ours for pixels and damaged files), cheapest check first.
   */
  async function saveImage(bytes: Buffer, kind: ImageKind): Promise<string> {
    const rule = IMAGE_RULES[kind]
    if (bytes.length > rule.maxBytes) throw badRequest(rule.tooLarge)
    const type = await fileTypeFromBuffer(bytes)
    if (!type || !isImageType(type.mime)) throw badRequest(INVALID_IMAGE_TYPE)
    await assertPixels(bytes, rule)
    const name = `${kind}-${newId()}.webp`
    await mkdir(imagesDir, { recursive: true })
    const target = path.join(imagesDir, name)
    try {
      await sharp(bytes, { animated: false, limitInputPixels: IMAGE_MAX_PIXELS })
        .rotate()
        .resize({ width: rule.maxWidth, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toFile(`${target}.tmp`)
      await rename(`${target}.tmp`, target)
    } catch {
      await rm(`${target}.tmp`, { force: true })
      throw badRequest(imageUnreadable(rule))
    }
    return `${MEDIA_URL_PREFIX}images/${name}`
  }

  /**
   * Checks an uploaded MP3 (already on disk at `tempPath`) and moves it into the store. Its length is measured from
   * its frames (see mp3-frames.ts); neither a client's claim nor the file's own header is trusted.
   */
  async function saveAudio(tempPath: string): Promise<StoredAudio> {
    const bytes = await readFile(tempPath)
    if (bytes.length > AUDIO_MAX_BYTES) throw badRequest(AUDIO_TOO_LARGE)
    const type = await fileTypeFromBuffer(bytes)
    if (type?.mime !== 'audio/mpeg') throw badRequest(AUDIO_NOT_MP3)
    const { seconds } = assertCleanMp3(measureMp3(bytes))
    const name = `podblurb-${newId()}.mp3`
    await mkdir(audioDir, { recursive: true })
    await rename(tempPath, path.join(audioDir, name))
    return { url: `${MEDIA_URL_PREFIX}audio/${name}`, durationSeconds: Math.round(seconds * 100) / 100 }
  }

  /** Deletes a stored file by its URL (used to undo a write that failed, and to drop replaced files). */
  async function remove(url: string | null | undefined): Promise<void> {
    if (!url?.startsWith(MEDIA_URL_PREFIX)) return
    const relative = url.slice(MEDIA_URL_PREFIX.length)
    // Only names this store made: no path tricks.
    if (!/^(images|audio)\/[a-z]+-[0-9a-f]{24}\.(webp|mp3)$/.test(relative)) return
    await rm(path.join(dir, relative), { force: true })
  }

  return { dir, saveImage, saveAudio, remove }
}

export type MediaStore = ReturnType<typeof createMediaStore>

/** Reads only the image header, so an image too large to decode is refused before any decoding. */
async function assertPixels(bytes: Buffer, rule: ImageRule): Promise<void> {
  const meta = await sharp(bytes, { animated: false, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw badRequest(imageUnreadable(rule))
    })
  const { width, height } = meta
  if (!width || !height) throw badRequest(imageUnreadable(rule))
  if (width * height > IMAGE_MAX_PIXELS) throw badRequest(imageTooManyPixels(rule, width, height))
}

/**
 * The judgement on a measured MP3. Frames counted within one frame of the header's claim agree: encoders differ on
 * whether the Xing frame counts itself.
 */
function assertCleanMp3(measure: Mp3Measure): Mp3Measure {
  if (measure.frames === 0) throw badRequest(AUDIO_NOT_MP3)
  if (measure.junkBytes > AUDIO_MAX_JUNK_BYTES) throw badRequest(AUDIO_NOT_CLEAN)
  const { claimedFrames, claimedSeconds } = measure
  if (claimedFrames !== null && claimedSeconds !== null && Math.abs(claimedFrames - measure.frames) > 1)
    throw badRequest(audioLengthMismatch(claimedSeconds, measure.seconds))
  if (measure.seconds > AUDIO_MAX_SECONDS) throw badRequest(AUDIO_TOO_LONG)
  return measure
}
