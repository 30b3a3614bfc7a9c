import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { countChars, DESCRIPTION_MAX, DESCRIPTION_MIN } from '@bookstrut/schemas'

/**
 * One line of a catalogue file (`npm run catalog:import`). Fields other than these are ignored, so exports
 * with extra columns (urls, flags) import as they are. `cover`, `audio` are file paths relative to the file.
 */
const BookLine = Type.Object({
  id: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
  title: Type.Optional(Type.String()),
  author: Type.Optional(Type.String()),
  year: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  genres: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()])),
  category: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  description: Type.Optional(Type.String()),
  ideas: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()])),
  language: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  cover: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  audio: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  transcript: Type.Optional(Type.Union([Type.String(), Type.Null()])),
})

const EXPECTED: Record<string, string> = {
  id: 'a string or an integer',
  year: 'an integer or null',
  genres: 'a list of strings',
  ideas: 'a list of strings',
}

/** Limits. The spec's listing rules count lengths without whitespace (author-and-content section 5). */
export const LIMITS = {
  sourceId: 200,
  /** Real titles run longer than the upload form's 75 (series names); imports allow this much. */
  title: 200,
  author: 100,
  category: 50,
  descriptionMin: DESCRIPTION_MIN,
  descriptionMax: DESCRIPTION_MAX,
  ideas: 3,
  idea: 200,
  language: 50,
  transcript: 5000,
  yearMin: 1000,
} as const

/** A line that passed validation, mapped to what a listing stores. */
export interface ValidBook {
  sourceId: string
  title: string
  author: string
  categoryName: string
  description: string
  /** primary, secondary, additional idea ('' when absent) */
  ideas: [string, string, string]
  year: number | null
  language: string | null
  /** paths as written in the file (resolved against its folder when stored) */
  cover: string | null
  audio: string | null
  transcript: string | null
}

export type LineResult =
  { ok: true; book: ValidBook } | { ok: false; sourceId: string | null; reason: string; json: boolean }

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()

/** Parses, validates and maps one line; a rejection carries the reason shown to the operator. */
export function parseBookLine(text: string, now: Date): LineResult {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { ok: false, sourceId: null, reason: 'not valid JSON', json: false }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, sourceId: null, reason: 'not a JSON object', json: true }
  }
  const reject = (sourceId: string | null, reason: string): LineResult => ({
    ok: false,
    sourceId,
    reason,
    json: true,
  })
  const idValue = 'id' in raw ? raw.id : undefined
  const rawId = typeof idValue === 'string' || typeof idValue === 'number' ? String(idValue).trim() : null

  if (!Value.Check(BookLine, raw)) {
    const field = Value.Errors(BookLine, raw).First()?.path.split('/')[1] ?? 'line'
    return reject(rawId || null, `${field} must be ${EXPECTED[field] ?? 'text'}`)
  }
  const line = raw

  const sourceId = clean(line.id === undefined ? '' : String(line.id))
  if (!sourceId) return reject(null, 'id is required')
  if (sourceId.length > LIMITS.sourceId)
    return reject(null, `id must not exceed ${LIMITS.sourceId} characters`)

  const title = clean(line.title)
  if (!title) return reject(sourceId, 'title is required')
  if (countChars(title) > LIMITS.title)
    return reject(sourceId, `title must not exceed ${LIMITS.title} characters`)

  const author = clean(line.author)
  if (!author) return reject(sourceId, 'author is required')
  if (countChars(author) > LIMITS.author)
    return reject(sourceId, `author must not exceed ${LIMITS.author} characters`)

  const categoryName = clean(line.category) || clean(line.genres?.find((g) => clean(g))) || 'General'
  if (countChars(categoryName) > LIMITS.category) {
    return reject(sourceId, `category must not exceed ${LIMITS.category} characters`)
  }

  const fullDescription = (line.description ?? '').replace(/\r\n?/g, '\n').trim()
  if (!fullDescription) return reject(sourceId, 'description is required')
  if (countChars(fullDescription) < LIMITS.descriptionMin) {
    return reject(
      sourceId,
      `description must be at least ${LIMITS.descriptionMin} characters long (whitespace not counted)`,
    )
  }
  const description = cutDescription(fullDescription, LIMITS.descriptionMax)

  const ideaList = (line.ideas ?? []).map(clean).filter(Boolean)
  if (ideaList.length > LIMITS.ideas) return reject(sourceId, `ideas: at most ${LIMITS.ideas} sentences`)
  if (ideaList.some((i) => countChars(i) > LIMITS.idea)) {
    return reject(sourceId, `ideas must not exceed ${LIMITS.idea} characters each`)
  }

  const maxYear = now.getUTCFullYear()
  if (line.year != null && line.year > maxYear) {
    return reject(sourceId, `year must not be after ${maxYear} (got ${line.year})`)
  }
  // Listings hold years from 1000 on; works older than that (The Odyssey: -720) are kept without a year.
  const year = line.year != null && line.year >= LIMITS.yearMin ? line.year : null

  const language = clean(line.language) || null
  if (language && language.length > LIMITS.language) {
    return reject(sourceId, `language must not exceed ${LIMITS.language} characters`)
  }
  const transcript = (line.transcript ?? '').trim() || null
  if (transcript && transcript.length > LIMITS.transcript) {
    return reject(sourceId, `transcript must not exceed ${LIMITS.transcript} characters`)
  }

  return {
    ok: true,
    book: {
      sourceId,
      title,
      author,
      categoryName,
      description,
      ideas: [ideaList[0] ?? '', ideaList[1] ?? '', ideaList[2] ?? ''],
      year,
      language,
      cover: clean(line.cover) || null,
      audio: clean(line.audio) || null,
      transcript,
    },
  }
}

/**
 * Shortens a description to at most `max` characters (whitespace not counted): at the last sentence end that
 * fits, else at the last word that fits, with an ellipsis. Shorter texts come back unchanged.
 */
export function cutDescription(text: string, max: number): string {
  if (countChars(text) <= max) return text
  // Only the part up to the first character over the limit matters (plus one, for the look-ahead below).
  let counted = 0
  let end = 0
  while (end < text.length && counted <= max) {
    if (!/\s/.test(text.charAt(end))) counted += 1
    end += 1
  }
  const head = text.slice(0, end)
  let best = 0
  for (const m of head.matchAll(/[.!?…]["'”’)\]]*(?=\s|$)/g)) {
    const stop = m.index + m[0].length
    if (countChars(head.slice(0, stop)) > max) break
    best = stop
  }
  if (countChars(head.slice(0, best)) >= LIMITS.descriptionMin) return head.slice(0, best).trim()
  let cut = 0
  for (const m of head.matchAll(/\S+/g)) {
    const stop = m.index + m[0].length
    if (countChars(head.slice(0, stop)) > max - 1) break
    cut = stop
  }
  return `${head.slice(0, cut).trim()}…`
}
