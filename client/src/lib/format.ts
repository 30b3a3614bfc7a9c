/**
 * Seconds as mm:ss (podblurb length and player times); minutes keep counting past 59 ("75:03"). Rounded to the
 * nearest second, not cut: the length stored from the file's bytes and the one the browser's audio element
 * measures differ by a fraction of a second (24.0 and 23.98), and cutting showed them as 00:24 and 00:23.
 */
export function formatDuration(seconds: number | null | undefined): string {
  const total =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0
  const minutes = Math.floor(total / 60)
  const rest = total % 60
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`
}

/** The first `max` characters of a text (whole words where possible) with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

/** `example.com` → `https://example.com`: links without a scheme get https:// (spec: links). */
export function withScheme(link: string): string {
  const trimmed = link.trim()
  if (trimmed === '') return ''
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
}

const pluralRules = new Intl.PluralRules('en-US')
const counted = new Intl.NumberFormat('en-US')

/** "1 result", "2 results", "1,204 results": the count with the noun in the form English gives it. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${counted.format(count)} ${pluralRules.select(count) === 'one' ? singular : pluralForm}`
}

const sizeUnits = ['B', 'KB', 'MB', 'GB'] as const

/**
 * A file's size for people: 512 B, 40 KB, 1.4 MB (1 KB = 1,024 bytes, as file managers and the upload limits
 * "7 MB" count). One decimal below 10 of a unit, whole numbers above, so a 40 KB file never reads "0.0 MB".
 */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1
  return `${value.toFixed(digits)} ${sizeUnits[unit]}`
}
