/** Spec author-and-content sections 5 and 9: what uploads may be, and the messages when they are not. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

export type ImageKind = 'cover' | 'author' | 'profile' | 'banner'

export const IMAGE_RULES: Record<ImageKind, { maxBytes: number; tooLarge: string; maxWidth: number }> = {
  cover: { maxBytes: 2 * 1024 * 1024, tooLarge: 'Book image must be less than 2MB', maxWidth: 900 },
  author: { maxBytes: 1024 * 1024, tooLarge: 'Author image must be less than 1MB', maxWidth: 600 },
  profile: { maxBytes: 1024 * 1024, tooLarge: 'File size should be less than 1MB.', maxWidth: 600 },
  banner: { maxBytes: 2 * 1024 * 1024, tooLarge: 'File size should be less than 2MB.', maxWidth: 1600 },
}
export const INVALID_IMAGE_TYPE = 'Invalid file type (Only JPEG, PNG, GIF, WEBP allowed)'

export const AUDIO_MAX_BYTES = 7_340_032
export const AUDIO_MAX_SECONDS = 300
export const AUDIO_NOT_MP3 = 'Only MP3 files are allowed.'
export const AUDIO_TOO_LARGE = 'File size must be 7MB or less.'
export const AUDIO_TOO_LONG = 'Audio must be 5 minutes or less.'
