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
