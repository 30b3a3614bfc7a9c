/** The all-time counts of GET /lnsights, by the spec's field names (odd spellings kept: the API contract). */
export const COUNT_FIELDS = [
  {
    key: 'views',
    label: 'Views',
    hint: 'Times the title was shown in search results or the Top 20 (impressions)',
  },
  { key: 'audioPlays', label: 'Audio plays', hint: 'Plays of the podblurb' },
  {
    key: 'total_Listening_Hours',
    label: 'Listening time',
    hint: 'Time spent listening to the podblurb',
    hours: true,
  },
  { key: 'total_Likes', label: 'Likes', hint: 'Readers who like the title' },
  { key: 'in_favorites', label: 'In favorites', hint: 'Readers who keep it in their favorites' },
  {
    key: 'want_to_read',
    label: 'Want to read',
    hint: 'Readers who put the title on their Want to read shelf (each once)',
  },
  { key: 'video_Shares', label: 'Shares', hint: 'Times the title was shared' },
  { key: 'purchaseClicks', label: 'Get This clicks', hint: 'Clicks on the Get This link' },
  { key: 'descriptionClicks', label: 'Description clicks', hint: 'Readers who opened the description' },
  { key: 'profileClicks', label: 'Profile clicks', hint: 'Clicks through to your author profile' },
  { key: 'days_in_top_20', label: 'Days in Top 20', hint: 'Days the title was in the Top 20' },
  { key: 'top_search', label: 'Top search', hint: 'Times the title was in the top 10 of an idea search' },
  { key: 'ghost_count', label: 'Ghosted', hint: 'Readers who hid the title from their results' },
] as const satisfies readonly { key: string; label: string; hint: string; hours?: boolean }[]

export type CountKey = (typeof COUNT_FIELDS)[number]['key']

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/**
 * Listening time from the API's hours (sent to the second): "13 s" and "4 min 05 s" under an hour, "12 h 05 min"
 * from an hour on, so a short listen never reads as "0.00" hours.
 */
export function formatListening(hours: number): string {
  const seconds = Math.max(0, Math.round(hours * 3600))
  const pad = (n: number) => String(n).padStart(2, '0')
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${pad(seconds % 60)} s`
  return `${whole.format(Math.floor(minutes / 60))} h ${pad(minutes % 60)} min`
}

/** An axis tick of listening time, short enough for the chart's 40 px axis: 45s, 12m, 3h. */
export function formatListeningTick(hours: number): string {
  const seconds = Math.max(0, Math.round(hours * 3600))
  if (seconds < 60) return `${seconds}s`
  if (seconds < 3600) return `${Math.round(seconds / 60)}m`
  return `${oneDecimal.format(seconds / 3600)}h`
}

/** 12,345 for counts; listening time (formatListening) for the API's hours. */
export const formatCount = (value: number, asHours = false): string =>
  asHours ? formatListening(value) : whole.format(value)

/** What a free plan sees instead of a number (spec: values hidden, shown as dots). */
export const HIDDEN_VALUE = '••••'

export interface IdeaHit {
  key: string
  label: string
  value: number | null
}

/**
 * "Idea Hits": the ideaScore map, one entry per idea of the book, keyed by the idea with spaces as
 * underscores; shown with the underscores turned back into spaces (spec). The server's order (primary,
 * secondary, additional) is kept.
 */
export function ideaHits(ideaScore: Record<string, number | null>): IdeaHit[] {
  return Object.entries(ideaScore).map(([key, value]) => ({
    key,
    label: key.replace(/_+/g, ' ').trim(),
    value,
  }))
}
