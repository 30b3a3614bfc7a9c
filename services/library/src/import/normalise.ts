/*
 * How an export's title and author are compared with the catalogue's: both sides go through the same keys, so
 * "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)" finds "Harry Potter and the Sorcerer’s Stone", and
 * "Thinking, Fast and Slow" by "Daniel Kahneman" finds "Thinking Fast & Slow: A Primer" by "Kahneman, Daniel".
 */

/** Lower case, accents off (é → e), curly quotes and dashes as plain ones. */
const folded = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase()

/** A series suffix as Goodreads writes it: "(Harry Potter, #1)", "(Discworld #3.5)", "(The Expanse, #1-3)". */
const SERIES_SUFFIX = /\s*\([^()]*#\s*[\d.]+(?:\s*-\s*[\d.]+)?\)\s*$/u

/**
 * A title's comparison key: no series suffix, no subtitle (after the first ':'), "&" as "and", no punctuation
 * (an apostrophe joins its word: "sorcerer's" → "sorcerers"), single spaces, no leading "the", "a" or "an".
 */
export function titleKey(title: string): string {
  const main = folded(title).replace(SERIES_SUFFIX, '').split(':')[0] ?? ''
  return main
    .replace(/&/g, ' and ')
    .replace(/'/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(the|a|an) /, '')
}

/**
 * An author's comparison key: the surname of the first author. "Last, First" (Goodreads' "Author l-f") gives the
 * part before the comma; "First Last" (and "First Last, Second Author", StoryGraph's list) the first name's last
 * word. Initials and punctuation do not matter: "J.K. Rowling", "J. K. Rowling" and "Rowling, J.K." are "rowling".
 */
export function authorKey(author: string, order: 'first-last' | 'last-first' = 'first-last'): string {
  const text = folded(author)
  const first = order === 'last-first' ? (text.split(',')[0] ?? '') : (text.split(/,|;| & | and /)[0] ?? '')
  const words = first
    .replace(/'/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
  // "Jr." and the like are not a surname; of a compound one ("Le Guin") the last word is compared.
  while (words.length > 1 && /^(jr|sr|ii|iii|iv|phd)$/.test(words.at(-1) ?? '')) words.pop()
  return words.at(-1) ?? ''
}

/** ISBN-10 → ISBN-13 (the 978 prefix and its own check digit). */
function isbn13Of(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3)
  return body + String((10 - (sum % 10)) % 10)
}

function validIsbn10(d: string): boolean {
  if (!/^\d{9}[\dX]$/.test(d)) return false
  let sum = 0
  for (let i = 0; i < 10; i++) sum += (d[i] === 'X' ? 10 : Number(d[i])) * (10 - i)
  return sum % 11 === 0
}

function validIsbn13(d: string): boolean {
  if (!/^\d{13}$/.test(d)) return false
  let sum = 0
  for (let i = 0; i < 13; i++) sum += Number(d[i]) * (i % 2 === 0 ? 1 : 3)
  return sum % 10 === 0
}

/**
 * An export's ISBN cell as bare digits, or null when it holds none. Goodreads writes them as a spreadsheet formula
 * `="0439554934"` (so a spreadsheet keeps the leading zero): only that exact shape is unwrapped, as text; nothing in
 * a cell is ever evaluated. A UID that is not an ISBN (StoryGraph's for books without one) is none.
 */
export function isbnOf(cell: string): string | null {
  const unwrapped = /^="(.*)"$/s.exec(cell.trim())?.[1] ?? cell
  const digits = unwrapped.toUpperCase().replace(/[\s-]/g, '')
  if (validIsbn13(digits)) return digits
  if (validIsbn10(digits)) return digits
  return null
}

/** Both spellings of an ISBN the catalogue may hold: the 13-digit one, and the 10-digit one when there is one. */
export function isbnForms(isbn: string): string[] {
  if (isbn.length === 10) return [isbn13Of(isbn), isbn]
  if (isbn.startsWith('978')) {
    const nine = isbn.slice(3, 12)
    let sum = 0
    for (let i = 0; i < 9; i++) sum += Number(nine[i]) * (10 - i)
    const check = (11 - (sum % 11)) % 11
    return [isbn, nine + (check === 10 ? 'X' : String(check))]
  }
  return [isbn]
}
