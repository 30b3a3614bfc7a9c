/** Under every HTML field: what survives the sanitizer (services/content/src/sanitize.ts). */
export const HTML_HINT =
  'Paragraphs, headings, lists, tables, links and images. Scripts, styles, frames and event attributes are removed when saved.'

/** An order field's text as the body's integer (NaN when it is not one, so the schema names the problem). */
export const orderOf = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)
