import { FormatRegistry } from '@sinclair/typebox'

/**
 * TypeBox's Value.Check knows no string formats until they are registered, and fails any schema that names
 * one ("Unknown format"). The API's response schemas name `date-time` (e.g. schemas/src/insights.ts), so the
 * client registers it before it checks an answer: RFC 3339 with a time zone, as JSON dates are sent.
 */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

export function registerFormats(): void {
  if (!FormatRegistry.Has('date-time')) {
    FormatRegistry.Set('date-time', (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)))
  }
}
