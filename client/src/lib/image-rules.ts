import { IMAGE_RULES, INVALID_IMAGE_TYPE, isImageType, type ImageKind } from '@bookstrut/schemas'

/**
 * Image uploads (spec author-and-content sections 5 and 9). Types, sizes, widths and messages are the shared
 * rules the server enforces (`@bookstrut/schemas`); only how each image is cropped in the browser lives here.
 */
export interface CropShape {
  /** Crop ratio, width / height. */
  aspect: number
  round: boolean
}

export const CROP_SHAPES: Record<ImageKind, CropShape> = {
  cover: { aspect: 3 / 4, round: false },
  author: { aspect: 1, round: true },
  profile: { aspect: 1, round: true },
  banner: { aspect: 2.86, round: false },
}

/** The message for an image file that breaks the rule, or null when it is fine. */
export function imageFileError(file: { type: string; size: number }, kind: ImageKind): string | null {
  if (!isImageType(file.type)) return INVALID_IMAGE_TYPE
  if (file.size > IMAGE_RULES[kind].maxBytes) return IMAGE_RULES[kind].tooLarge
  return null
}

/** Default pictures for missing or broken images (spec: images that fail to load fall back). */
export const fallbackImages = {
  cover: '/images/default-cover.svg',
  avatar: '/images/default-avatar.svg',
  banner: '/images/no-banner.svg',
} as const
