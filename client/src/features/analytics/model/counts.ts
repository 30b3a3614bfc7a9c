/** The all-time counts of GET /lnsights, by the spec's field names (odd spellings kept: the API contract). */
export const COUNT_FIELDS = [
  { key: 'views', label: 'Views', hint: 'Times the title was listed in search results (impressions)' },
  { key: 'audioPlays', label: 'Audio plays', hint: 'Plays of the podblurb' },
  {
    key: 'total_Listening_Hours',
    label: 'Listening hours',
    hint: 'Hours of the podblurb listened to',
    hours: true,
  },
  { key: 'total_Likes', label: 'Likes', hint: 'Readers who like the title' },
  { key: 'in_favorites', label: 'In favorites', hint: 'Readers who keep it in their favorites' },
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
const hours = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** 12,345 for counts; 3.25 for hours (the API sends hours with 2 decimals). */
export const formatCount = (value: number, asHours = false): string => (asHours ? hours : whole).format(value)

/** What a free plan sees instead of a number (spec: values hidden, shown as dots). */
export const HIDDEN_VALUE = '••••'

export interface IdeaHit {
  key: string
  label: string
  value: number | null
}

/**
 * "Idea Hits": the ideaScore map, one entry per idea of the title, keyed by the idea with spaces as
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
