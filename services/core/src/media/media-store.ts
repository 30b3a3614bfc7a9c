import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type'
import { parseFile } from 'music-metadata'
import { badRequest } from '../errors.js'
import { newId } from '../ids.js'
import {
  AUDIO_MAX_BYTES,
  AUDIO_MAX_SECONDS,
  AUDIO_NOT_MP3,
  AUDIO_TOO_LARGE,
  AUDIO_TOO_LONG,
  IMAGE_RULES,
  IMAGE_TYPES,
  INVALID_IMAGE_TYPE,
  type ImageKind,
} from './media-rules.js'

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

  /** Checks an image's bytes and stores a re-encoded copy; throws 400 with the spec's message otherwise. */
  async function saveImage(bytes: Buffer, kind: ImageKind): Promise<string> {
    const rule = IMAGE_RULES[kind]
    const type = await fileTypeFromBuffer(bytes)
    if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) throw badRequest(INVALID_IMAGE_TYPE)
    if (bytes.length > rule.maxBytes) throw badRequest(rule.tooLarge)
    const name = `${kind}-${newId()}.webp`
    await mkdir(imagesDir, { recursive: true })
    const target = path.join(imagesDir, name)
    try {
      await sharp(bytes, { animated: false, limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: rule.maxWidth, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toFile(`${target}.tmp`)
      await rename(`${target}.tmp`, target)
    } catch {
      await rm(`${target}.tmp`, { force: true })
      throw badRequest(INVALID_IMAGE_TYPE)
    }
    return `${MEDIA_URL_PREFIX}images/${name}`
  }

  /**
   * Checks an uploaded MP3 (already on disk at `tempPath`) and moves it into the store. The duration is read
   * from the file; a client's claim is never used.
   */
  async function saveAudio(tempPath: string): Promise<StoredAudio> {
    const { size } = await stat(tempPath)
    const type = await fileTypeFromFile(tempPath)
    if (type?.mime !== 'audio/mpeg') throw badRequest(AUDIO_NOT_MP3)
    if (size > AUDIO_MAX_BYTES) throw badRequest(AUDIO_TOO_LARGE)
    const durationSeconds = await parseFile(tempPath, { duration: true }).then(
      (m) => m.format.duration,
      () => undefined,
    )
    if (durationSeconds === undefined || !Number.isFinite(durationSeconds) || durationSeconds <= 0)
      throw badRequest(AUDIO_NOT_MP3)
    if (durationSeconds > AUDIO_MAX_SECONDS) throw badRequest(AUDIO_TOO_LONG)
    const name = `podblurb-${newId()}.mp3`
    await mkdir(audioDir, { recursive: true })
    await rename(tempPath, path.join(audioDir, name))
    return {
      url: `${MEDIA_URL_PREFIX}audio/${name}`,
      durationSeconds: Math.round(durationSeconds * 100) / 100,
    }
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
