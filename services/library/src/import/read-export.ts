import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parse, CsvError } from 'csv-parse'
import { badRequest, payloadTooLarge } from '@bookstrut/core'
import { formatOfHeader, type ExportFormat, type ExportRow } from './export-formats.js'
import { MAX_IMPORT_BYTES } from './import-limits.js'

/** The most rows one import takes (a Goodreads library of 20,000 books is far beyond most readers'). */
export const MAX_IMPORT_ROWS = 20_000
/** The longest cell kept: titles and names are short; a long review is not read at all. */
const MAX_KEPT_CELL = 500
/** The longest record the parser takes (a review may be long; a file of one endless "line" is not a CSV). */
const MAX_RECORD_BYTES = 256 * 1024

export const notAnExport = () =>
  badRequest(
    'This file is not a Goodreads or StoryGraph export: its first line should name the columns, starting with ' +
      '"Book Id,Title,Author" (Goodreads: My Books, Import and export, Export library) or "Title,Authors" ' +
      '(StoryGraph: Manage account, Export StoryGraph library).',
  )
const notText = () =>
  badRequest(
    'This file is not a CSV text file (UTF-8): export your library again and upload the .csv file as it is.',
  )
const malformed = (line: number | undefined) =>
  badRequest(
    `This export cannot be read${line ? ` at line ${line}` : ''}: a quoted cell is not closed or a line is ` +
      'too long. Export your library again and upload the file unchanged.',
  )
const tooLarge = () =>
  payloadTooLarge(
    `The export is too large: one import takes a file of at most ${MAX_IMPORT_BYTES / (1024 * 1024)} MB.`,
  )
const tooManyRows = () =>
  payloadTooLarge(
    `This export has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} books; one import takes at most that many.`,
  )

/**
 * Text from the upload's bytes, checked as it arrives: at most MAX_IMPORT_BYTES, UTF-8 only (a byte sequence that is not is refused, not
 * replaced), and no NUL byte (a binary file renamed .csv). Neither is the whole file ever held in memory.
 */
async function* textOf(bytes: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let size = 0
  for await (const chunk of bytes) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    size += buf.length
    if (size > MAX_IMPORT_BYTES) throw tooLarge()
    if (buf.includes(0)) throw notText()
    let text: string
    try {
      text = decoder.decode(buf, { stream: true })
    } catch {
      throw notText()
    }
    if (text) yield text
  }
  try {
    const rest = decoder.decode()
    if (rest) yield rest
  } catch {
    throw notText()
  }
}

const kept = (cell: string | undefined) => (cell ?? '').slice(0, MAX_KEPT_CELL)

/**
 * Reads an export as it streams in (csv-parse: RFC 4180 quoting, multi-line reviews, a BOM): the header decides
 * the format, then each row becomes an ExportRow. Rows without a title are skipped. A file that is not text, not
 * an export of either service, malformed or over MAX_IMPORT_ROWS is refused (400, 413) before anything is stored.
 * Cells are kept as plain text: a cell such as `=HYPERLINK(…)` is a title like any other, never evaluated.
 */
export async function readExport(
  bytes: AsyncIterable<Buffer | Uint8Array | string>,
): Promise<{ format: ExportFormat; rows: ExportRow[] }> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
  })
  // The pipeline keeps to the parser's pace and ends the file's reading when the parser fails (a bad quote halfway),
  // and a refused byte fails the parser, so the loop below sees every error.
  const feeding = pipeline(Readable.from(textOf(bytes)), parser).catch(() => undefined)

  let format: ExportFormat | null = null
  let index = new Map<string, number>()
  const rows: ExportRow[] = []
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!format) {
        format = formatOfHeader(record)
        if (!format) throw notAnExport()
        index = new Map(record.map((name, i) => [name.trim(), i]))
        continue
      }
      const row = format.read((column) => kept(record[index.get(column) ?? -1]))
      if (!row.title) continue
      if (rows.length >= MAX_IMPORT_ROWS) throw tooManyRows()
      rows.push(row)
    }
  } catch (err) {
    if (err instanceof CsvError) throw malformed(typeof err.lines === 'number' ? err.lines : undefined)
    throw err
  } finally {
    parser.destroy()
    await feeding
  }
  if (!format) throw notAnExport()
  if (rows.length === 0) throw badRequest('This export holds no books.')
  return { format, rows }
}
