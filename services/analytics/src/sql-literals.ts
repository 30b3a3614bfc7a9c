/*
 * Values put into analytics SQL. ClickHouse 18.16 has no query parameters, so values become literals here, and
 * only here: strings are quoted with every backslash and quote escaped, numbers must be finite. Callers pass values
 * already checked by a schema (ids are hexadecimal), so this is the second line, not the only one.
 */

/** A ClickHouse string literal. */
export function sqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

/** A ClickHouse numeric literal; throws on NaN and infinities, which have no safe spelling. */
export function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
  return String(value)
}

/** A point in time as a DateTime expression (whole seconds, UTC). */
export const sqlTime = (date: Date) => `toDateTime(${sqlNumber(Math.floor(date.getTime() / 1000))})`

/** `YYYY-MM-DD hh:mm:ss` in UTC: how a DateTime('UTC') column reads a JSON string on every version. */
export const clickhouseDateTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ')
