/** One bucket of GET /lnsights/series, as the API sends it. */
export interface SeriesPointIn {
  ts: string
  impressions: number
  plays: number
  listeningHours: number
  /** readers who put the title on their Want to read shelf in the bucket (in the CSV, not charted) */
  wantToRead: number
}

/** One bucket as the charts draw it: a timestamp for the axis and the three shown series. */
export interface ChartPoint {
  /** ms since the epoch: the start of the bucket */
  t: number
  impressions: number
  plays: number
  listeningHours: number
}

export type Bucket = 'hour' | 'day'

/** The series the panel charts, in the order shown, with their colours (the palette's primary tones). */
export const CHART_SERIES = [
  { key: 'impressions', label: 'Impressions', color: '#4f46e5' },
  { key: 'plays', label: 'Plays', color: '#d97706' },
  { key: 'listeningHours', label: 'Listening time', color: '#15803d', hours: true },
] as const

export type SeriesKey = (typeof CHART_SERIES)[number]['key']

export const toChartPoints = (points: readonly SeriesPointIn[]): ChartPoint[] =>
  points.map((p) => ({
    t: Date.parse(p.ts),
    impressions: p.impressions,
    plays: p.plays,
    listeningHours: p.listeningHours,
  }))

const hourLabel = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' })
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' })
const fullLabel = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
const dayOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' })

/** The axis label of a bucket: its hour for hourly buckets, its day otherwise (the viewer's time zone). */
export const bucketTick = (t: number, bucket: Bucket): string =>
  (bucket === 'hour' ? hourLabel : dayLabel).format(t)

/** The tooltip heading of a bucket. */
export const bucketTitle = (t: number, bucket: Bucket): string =>
  (bucket === 'hour' ? fullLabel : dayOnly).format(t)
