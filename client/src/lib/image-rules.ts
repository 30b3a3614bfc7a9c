/**
 * Image uploads (spec author-and-content sections 5 and 9). Sizes and messages are the server's; the width is
 * the largest the server keeps, so crops are exported no wider.
 */
export const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']
export const INVALID_IMAGE_TYPE = 'Invalid file type (Only JPEG, PNG, GIF, WEBP allowed)'

export type ImageKind = 'cover' | 'author' | 'profile' | 'banner'

export interface ImageRule {
  maxBytes: number
  tooLarge: string
  maxWidth: number
  /** Crop ratio, width / height. */
  aspect: number
  round: boolean
}

const MB = 1024 * 1024

export const IMAGE_RULES: Record<ImageKind, ImageRule> = {
  cover: {
    maxBytes: 2 * MB,
    tooLarge: 'Book image must be less than 2MB',
    maxWidth: 900,
    aspect: 3 / 4,
    round: false,
  },
  author: {
    maxBytes: MB,
    tooLarge: 'Author image must be less than 1MB',
    maxWidth: 600,
    aspect: 1,
    round: true,
  },
  profile: {
    maxBytes: MB,
    tooLarge: 'File size should be less than 1MB.',
    maxWidth: 600,
    aspect: 1,
    round: true,
  },
  banner: {
    maxBytes: 2 * MB,
    tooLarge: 'File size should be less than 2MB.',
    maxWidth: 1600,
    aspect: 2.86,
    round: false,
  },
}

/** The message for an image file that breaks the rule, or null when it is fine. */
export function imageFileError(file: { type: string; size: number }, kind: ImageKind): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return INVALID_IMAGE_TYPE
  if (file.size > IMAGE_RULES[kind].maxBytes) return IMAGE_RULES[kind].tooLarge
  return null
}

/** Default pictures for missing or broken images (spec: images that fail to load fall back). */
export const fallbackImages = {
  cover: '/images/default-cover.svg',
  avatar: '/images/default-avatar.svg',
  banner: '/images/no-banner.svg',
} as const
