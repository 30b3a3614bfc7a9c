/** Spec author-and-content sections 5 and 9: what uploads may be, and the messages when they are not. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
/** Whether a MIME type (sniffed from the bytes on the server, the browser's guess on the client) is allowed. */
export const isImageType = (type: string) => (IMAGE_TYPES as readonly string[]).includes(type)

export type ImageKind = 'cover' | 'author' | 'profile' | 'banner'

export interface ImageRule {
  /** how the image is named in our own messages (the spec has none for pixels or damaged files) */
  label: string
  maxBytes: number
  tooLarge: string
  maxWidth: number
}

export const IMAGE_RULES: Record<ImageKind, ImageRule> = {
  cover: {
    label: 'Book image',
    maxBytes: 2 * 1024 * 1024,
    tooLarge: 'Book image must be less than 2MB',
    maxWidth: 900,
  },
  author: {
    label: 'Author image',
    maxBytes: 1024 * 1024,
    tooLarge: 'Author image must be less than 1MB',
    maxWidth: 600,
  },
  profile: {
    label: 'Profile image',
    maxBytes: 1024 * 1024,
    tooLarge: 'File size should be less than 1MB.',
    maxWidth: 600,
  },
  banner: {
    label: 'Banner image',
    maxBytes: 2 * 1024 * 1024,
    tooLarge: 'File size should be less than 2MB.',
    maxWidth: 1600,
  },
}
export const INVALID_IMAGE_TYPE = 'Invalid file type (Only JPEG, PNG, GIF, WEBP allowed)'

/**
 * Decoding needs memory in proportion to pixels, not bytes: a 2 MB PNG can unpack to gigabytes. 40 megapixels
 * (e.g. 8000 × 5000) is far beyond any cover or banner and bounds a decode to about 160 MB.
 */
export const IMAGE_MAX_PIXELS = 40_000_000
export const imageTooManyPixels = (rule: ImageRule, width: number, height: number) =>
  `${rule.label} is too large: ${width} × ${height} pixels (at most 40 megapixels, e.g. 8000 × 5000).`
export const imageUnreadable = (rule: ImageRule) =>
  `${rule.label} could not be read: the file is damaged or incomplete.`

export const AUDIO_MAX_BYTES = 7_340_032
export const AUDIO_MAX_SECONDS = 300
export const AUDIO_NOT_MP3 = 'Only MP3 files are allowed.'
export const AUDIO_TOO_LARGE = 'File size must be 7MB or less.'
export const AUDIO_TOO_LONG = 'Audio must be 5 minutes or less.'
/**
 * Bytes in an MP3 that are neither frames nor tags: a little is left by some tools, more is where a player and our
 * frame count could disagree (or where something else hides in the file), so it is refused.
 */
export const AUDIO_MAX_JUNK_BYTES = 4096
export const AUDIO_NOT_CLEAN =
  'The MP3 file contains data that is not audio. Please export it again as a plain MP3.'
export const audioLengthMismatch = (claimedSeconds: number, seconds: number) =>
  `The MP3 header says the audio lasts ${claimedSeconds.toFixed(1)} s, but it lasts ${seconds.toFixed(1)} s. ` +
  'Please export the file again.'

/**
 * Multipart forms are held to the most a valid one can carry, so a huge body is refused (413) as soon as it passes
 * that, instead of being read to its end: its files at their limits, every text part at its own limit, and room
 * for the part headers and boundaries.
 */
export const FORM_MAX_FIELDS = 40
export const FORM_MAX_FIELD_BYTES = 16 * 1024
const FORM_SLACK_BYTES = 64 * 1024
const formMaxBytes = (fileBytes: number[]) =>
  fileBytes.reduce((sum, n) => sum + n, 0) + FORM_MAX_FIELDS * FORM_MAX_FIELD_BYTES + FORM_SLACK_BYTES

/** A listing: cover, author image and podblurb (11,206,656 bytes). */
export const LISTING_FORM_MAX_BYTES = formMaxBytes([
  IMAGE_RULES.cover.maxBytes,
  IMAGE_RULES.author.maxBytes,
  AUDIO_MAX_BYTES,
])
/** A profile: profile and banner images (3,866,624 bytes). */
export const PROFILE_FORM_MAX_BYTES = formMaxBytes([
  IMAGE_RULES.profile.maxBytes,
  IMAGE_RULES.banner.maxBytes,
])
