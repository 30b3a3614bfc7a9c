import { badRequest } from '@bookstrut/core'
import type { Shelf } from '@bookstrut/schemas'

/** True when `day` ('YYYY-MM-DD', already matching the schema's pattern) is a real calendar day (no 31 April). */
export function isCalendarDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day
}

/**
 * The dates a shelf keeps: Want to read none, Reading when it was started, Read when it was started and finished.
 * Dates that do not belong to the shelf, days that do not exist, a finish before the start or a day after
 * tomorrow (a reader ahead of UTC may already be in tomorrow) are a 400 naming the field.
 */
export function checkShelfDates(
  shelf: Shelf,
  startedOn: string | null,
  finishedOn: string | null,
  now: Date,
): { startedOn: string | null; finishedOn: string | null } {
  if (shelf === 'want_to_read' && (startedOn || finishedOn))
    throw badRequest('startedOn: Want to read keeps no dates; leave startedOn and finishedOn out')
  if (shelf === 'reading' && finishedOn)
    throw badRequest('finishedOn: a book you are reading has no finish date; shelve it as Read to set one')
  const latest = new Date(now.getTime() + 24 * 3_600_000).toISOString().slice(0, 10)
  for (const [field, day] of [
    ['startedOn', startedOn],
    ['finishedOn', finishedOn],
  ] as const) {
    if (day === null) continue
    if (!isCalendarDay(day)) throw badRequest(`${field}: ${day} is not a day of the calendar`)
    if (day > latest) throw badRequest(`${field}: the day cannot be in the future`)
  }
  if (startedOn && finishedOn && startedOn > finishedOn)
    throw badRequest('finishedOn: the book cannot be finished before it was started')
  return { startedOn, finishedOn }
}
