import { describe, expect, it } from 'vitest'
import { csvFileName, fileSlug, seriesCsv } from './series-csv'

const points = [
  { ts: '2026-11-24T10:00:00.000Z', impressions: 12, plays: 3, listeningHours: 0.25, wantToRead: 2 },
  { ts: '2026-11-24T11:00:00.000Z', impressions: 0, plays: 0, listeningHours: 0, wantToRead: 0 },
]

describe('CSV export of the shown series', () => {
  it('writes a header and one row per bucket, zeros included, with CRLF line ends', () => {
    expect(seriesCsv(points)).toBe(
      'bucket_start_utc,impressions,plays,listening_hours,want_to_read\r\n' +
        '2026-11-24T10:00:00.000Z,12,3,0.2500,2\r\n' +
        '2026-11-24T11:00:00.000Z,0,0,0.0000,0\r\n',
    )
  })

  it('is the header alone for an empty series', () => {
    expect(seriesCsv([])).toBe('bucket_start_utc,impressions,plays,listening_hours,want_to_read\r\n')
  })

  it('names the file for the title, the period and the UTC day', () => {
    const now = new Date('2026-11-24T23:30:00Z')
    expect(csvFileName('The Lighthouse Keeper: A Novel', '7d', now)).toBe(
      'bookstrut-the-lighthouse-keeper-a-novel-7d-2026-11-24.csv',
    )
    expect(csvFileName('Éclair & Café', '24h', now)).toBe('bookstrut-eclair-cafe-24h-2026-11-24.csv')
    expect(csvFileName('../../etc/passwd', '90d', now)).toBe('bookstrut-etc-passwd-90d-2026-11-24.csv')
    expect(csvFileName('红楼梦', '30d', now)).toBe('bookstrut-title-30d-2026-11-24.csv')
  })

  it('keeps file names short', () => {
    const slug = fileSlug('word '.repeat(40))
    expect(slug.length).toBeLessThanOrEqual(60)
    expect(slug).not.toMatch(/^-|-$/)
  })
})
