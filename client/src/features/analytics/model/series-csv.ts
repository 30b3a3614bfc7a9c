import type { Period } from './periods'
import type { SeriesPointIn } from './series'

/** The CSV header: each bucket's start in UTC (ISO 8601), the series the panel charts, then Want to read. */
export const CSV_HEADER = [
  'bucket_start_utc',
  'impressions',
  'plays',
  'listening_hours',
  'want_to_read',
] as const

/**
 * The series shown, as CSV (RFC 4180: comma-separated, CRLF line ends). Timestamps stay in UTC ISO form so a
 * spreadsheet sorts and converts them without guessing a time zone; hours have 4 decimals (the API sends them
 * to the second), so a short listen is not written as 0.00.
 */
export function seriesCsv(points: readonly SeriesPointIn[]): string {
  const rows = points.map((p) =>
    [p.ts, String(p.impressions), String(p.plays), p.listeningHours.toFixed(4), String(p.wantToRead)].join(
      ',',
    ),
  )
  return [CSV_HEADER.join(','), ...rows].join('\r\n') + '\r\n'
}

/** The title as a file-name part: ASCII letters and digits joined by hyphens, at most 60 characters. */
export function fileSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug || 'title'
}

/** bookstrut-<title>-<period>-<YYYY-MM-DD>.csv: what, over which period, exported when (UTC date). */
export const csvFileName = (title: string, period: Period, now: Date): string =>
  `bookstrut-${fileSlug(title)}-${period}-${now.toISOString().slice(0, 10)}.csv`
