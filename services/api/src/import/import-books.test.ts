import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { createMediaStore, type Db, type MediaStore } from '@bookstrut/core'
import { createTestDb, type TestDb } from '@bookstrut/core/testing'
import { countChars } from '@bookstrut/schemas'
import { ensureCatalogueOwner } from './catalogue-owner.js'
import { cutDescription } from './book-line.js'
import { importBooks, UnusableInputError, type ImportOptions } from './import-books.js'

const fixtureMp3 = path.resolve(import.meta.dirname, '../test/fixtures/podblurb.mp3')
const description = (topic: string) =>
  `A careful story about ${topic}, told across three generations of one family. It follows their choices, ` +
  'their quarrels and the small kindnesses that hold them together.'

let database: TestDb
let db: Db
let ownerId: string
let work: string
let media: MediaStore

beforeAll(async () => {
  database = await createTestDb('import')
  db = database.db
  ownerId = (await ensureCatalogueOwner(db, 'catalogue@bookstrut.local', 10, new Date())).user.id
})
afterAll(async () => {
  await database?.drop()
})
beforeEach(async () => {
  await db.deleteFrom('podcasts').execute()
  if (work) await rm(work, { recursive: true, force: true })
  work = await mkdtemp(path.join(tmpdir(), 'bookstrut-import-'))
  await mkdir(path.join(work, 'books', 'files'), { recursive: true })
  media = createMediaStore(path.join(work, 'data', 'media'))
})

const options = (file: string): ImportOptions => ({
  file: path.join(work, 'books', file),
  ownerId,
  media,
  tempRoot: path.join(work, 'data', 'tmp'),
  batchSize: 2,
})
const writeLines = (file: string, lines: unknown[]) =>
  writeFile(
    path.join(work, 'books', file),
    lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n',
  )
const stored = async (kind: 'images' | 'audio') => {
  const dir = path.join(work, 'data', 'media', kind)
  return existsSync(dir) ? readdir(dir) : []
}
const writeCover = (file: string) =>
  sharp({ create: { width: 60, height: 80, channels: 3, background: '#336699' } })
    .png()
    .toFile(path.join(work, 'books', file))

describe('importBooks', () => {
  it('imports books with their cover and MP3, and a second run of the same file updates the same rows', async () => {
    await writeCover('files/cover.png')
    await copyFile(fixtureMp3, path.join(work, 'books', 'files', 'blurb.mp3'))
    const longDescription = Array.from(
      { length: 40 },
      (_, i) => `Sentence number ${i} says a little more.`,
    ).join(' ')
    await writeLines('books.jsonl', [
      {
        id: 'b-1',
        title: '  The   Long Road ',
        author: 'Ann Writer',
        year: 1999,
        genres: ['Fantasy', 'Fiction'],
        description: description('a road'),
        ideas: ['A journey changes who you are.', 'Home is the people you travel with.', 'Maps lie.'],
        language: 'en-GB',
        cover: 'files/cover.png',
        audio: 'files/blurb.mp3',
        transcript: 'A podblurb for the import tests.',
        goodreads_url: 'ignored',
      },
      // An ancient work: listings hold years from 1000 on, so it is kept without a year.
      { id: 2, title: 'No Genres', author: 'B. Author', year: -720, description: description('nothing') },
      {
        id: 'b-3',
        title: 'Long',
        author: 'C',
        category: 'History',
        genres: ['Ignored'],
        description: longDescription,
      },
    ])

    const first = await importBooks(db, options('books.jsonl'))
    expect(first).toMatchObject({ lines: 3, imported: 3, updated: 0, rejected: [] })
    const rows = await db.selectFrom('podcasts').selectAll().orderBy('source_id').execute()
    expect(rows.map((r) => [r.source_id, r.title, r.category_name, r.status, r.create_by])).toEqual([
      ['2', 'No Genres', 'General', 1, ownerId],
      ['b-1', 'The Long Road', 'Fantasy', 1, ownerId],
      ['b-3', 'Long', 'History', 1, ownerId],
    ])
    const [ancient, withMedia, long] = rows
    expect(ancient?.year_published).toBeNull()
    expect(withMedia).toMatchObject({
      primary_key: 'A journey changes who you are.',
      secondary_key: 'Home is the people you travel with.',
      additional_key: 'Maps lie.',
      year_published: 1999,
      language: 'en-GB',
    })
    expect(withMedia?.book_cover_image).toMatch(/^\/media\/images\/cover-[0-9a-f]{24}\.webp$/)
    expect(countChars(long?.description ?? '')).toBeLessThanOrEqual(1000)
    expect(long?.description).toMatch(/more\.$/)
    const episodes = await db.selectFrom('episodes').selectAll().execute()
    expect(episodes).toHaveLength(1)
    expect(episodes[0]).toMatchObject({
      podcast_id: withMedia?.id,
      part: 1,
      title: 'The Long Road',
      transcript: 'A podblurb for the import tests.',
      year_published: 1999,
    })
    expect(episodes[0]?.file_url).toMatch(/^\/media\/audio\/podblurb-[0-9a-f]{24}\.mp3$/)
    expect(episodes[0]?.duration).toBeGreaterThan(1)
    expect(episodes[0]?.duration).toBeLessThan(5)
    expect(await stored('images')).toHaveLength(1)
    expect(await stored('audio')).toHaveLength(1)

    const second = await importBooks(db, options('books.jsonl'))
    expect(second).toMatchObject({ lines: 3, imported: 0, updated: 3, rejected: [] })
    const again = await db.selectFrom('podcasts').selectAll().orderBy('source_id').execute()
    expect(again.map((r) => r.id)).toEqual(rows.map((r) => r.id))
    expect(second.bookIds.sort()).toEqual(rows.map((r) => r.id).sort())
    const episodesAgain = await db.selectFrom('episodes').selectAll().execute()
    expect(episodesAgain.map((e) => e.id)).toEqual(episodes.map((e) => e.id))
    // Unchanged source files are not stored again; the operator's source files are untouched.
    expect(again[1]?.book_cover_image).toBe(withMedia?.book_cover_image)
    expect(episodesAgain[0]?.file_url).toBe(episodes[0]?.file_url)
    expect(await stored('images')).toEqual([path.basename(withMedia?.book_cover_image ?? '')])
    expect(await stored('audio')).toEqual([path.basename(episodes[0]?.file_url ?? '')])
    expect(existsSync(path.join(work, 'books', 'files', 'blurb.mp3'))).toBe(true)

    // A changed cover is stored anew and the one it replaces is deleted.
    await sharp({ create: { width: 60, height: 80, channels: 3, background: '#993366' } })
      .png()
      .toFile(path.join(work, 'books', 'files', 'cover.png'))
    const third = await importBooks(db, options('books.jsonl'))
    expect(third).toMatchObject({ imported: 0, updated: 3, rejected: [] })
    const cover = (
      await db
        .selectFrom('podcasts')
        .select('book_cover_image')
        .where('source_id', '=', 'b-1')
        .executeTakeFirst()
    )?.book_cover_image
    expect(cover).not.toBe(withMedia?.book_cover_image)
    expect(await stored('images')).toEqual([path.basename(cover ?? '')])
    expect(await stored('audio')).toHaveLength(1)
  })

  it('rejects bad rows with a reason each and leaves nothing behind for them', async () => {
    await writeCover('files/cover.png')
    await writeFile(path.join(work, 'books', 'files', 'not-an-image.png'), 'just text')
    await writeCover('files/not-audio.mp3')
    const good = { id: 'ok', title: 'Fine', author: 'A', description: description('fine things') }
    await writeLines('bad.jsonl', [
      '{"id": "broken", ',
      good,
      '[1, 2]',
      { ...good, id: 'no-title', title: '   ' },
      { ...good, id: 'short', description: 'Too short to describe anything.' },
      { ...good, id: 'future', year: 3000 },
      { ...good, id: 'typed', year: '1999' },
      { ...good, id: 'many-ideas', ideas: ['one idea.', 'two ideas.', 'three ideas.', 'four ideas.'] },
      { ...good, id: 'bad-cover', cover: 'files/not-an-image.png' },
      { ...good, id: 'no-audio', cover: 'files/cover.png', audio: 'files/missing.mp3' },
      { ...good, id: 'bad-audio', cover: 'files/cover.png', audio: 'files/not-audio.mp3' },
      { ...good, title: 'Same id again' },
      { ...good, id: undefined },
      '',
    ])

    const result = await importBooks(db, options('bad.jsonl'))
    expect(result).toMatchObject({ lines: 13, imported: 1, updated: 0 })
    expect(result.rejected).toEqual([
      { line: 1, sourceId: null, reason: 'not valid JSON' },
      { line: 3, sourceId: null, reason: 'not a JSON object' },
      { line: 4, sourceId: 'no-title', reason: 'title is required' },
      {
        line: 5,
        sourceId: 'short',
        reason: 'description must be at least 75 characters long (whitespace not counted)',
      },
      {
        line: 6,
        sourceId: 'future',
        reason: `year must not be after ${new Date().getUTCFullYear()} (got 3000)`,
      },
      { line: 7, sourceId: 'typed', reason: 'year must be an integer or null' },
      { line: 8, sourceId: 'many-ideas', reason: 'ideas: at most 3 sentences' },
      {
        line: 9,
        sourceId: 'bad-cover',
        reason: 'cover: Invalid file type (Only JPEG, PNG, GIF, WEBP allowed)',
      },
      { line: 10, sourceId: 'no-audio', reason: 'audio: file not found (files/missing.mp3)' },
      { line: 11, sourceId: 'bad-audio', reason: 'audio: Only MP3 files are allowed.' },
      { line: 12, sourceId: 'ok', reason: 'id ok is already on line 2' },
      { line: 13, sourceId: null, reason: 'id is required' },
    ])
    const rows = await db.selectFrom('podcasts').select(['source_id', 'title']).execute()
    expect(rows).toEqual([{ source_id: 'ok', title: 'Fine' }])
    // The covers stored for the rows whose audio failed were deleted again; no temporary copies remain.
    expect(await stored('images')).toEqual([])
    expect(await stored('audio')).toEqual([])
    expect(await readdir(path.join(work, 'data', 'tmp'))).toEqual([])
    expect(await db.selectFrom('episodes').select('id').execute()).toEqual([])
  })

  it('stores the rest of a batch when the database refuses one of its rows, and deletes that row’s files', async () => {
    await writeCover('files/cover.png')
    const good = { author: 'A', description: description('batches') }
    await writeLines('nul.jsonl', [
      { ...good, id: 'n1', title: 'Fine one' },
      // PostgreSQL text cannot hold NUL: the only refusal that gets past validation.
      { ...good, id: 'n2', title: 'Bad\u0000title', cover: 'files/cover.png' },
      { ...good, id: 'n3', title: 'Fine three' },
    ])
    const result = await importBooks(db, { ...options('nul.jsonl'), batchSize: 10 })
    expect(result).toMatchObject({ imported: 2, updated: 0 })
    expect(result.rejected).toEqual([
      { line: 2, sourceId: 'n2', reason: expect.stringMatching(/^not stored: /) },
    ])
    const rows = await db.selectFrom('podcasts').select('source_id').orderBy('source_id').execute()
    expect(rows.map((r) => r.source_id)).toEqual(['n1', 'n3'])
    expect(await stored('images')).toEqual([])
  })

  it('refuses unusable input: a missing file, or a file without a single JSON object', async () => {
    await expect(importBooks(db, options('missing.jsonl'))).rejects.toThrow(UnusableInputError)
    await writeLines('garbage.jsonl', ['title,author', 'not json at all'])
    await expect(importBooks(db, options('garbage.jsonl'))).rejects.toThrow(/no line .* is a JSON object/)
    await writeLines('empty.jsonl', [])
    await expect(importBooks(db, options('empty.jsonl'))).rejects.toThrow(UnusableInputError)
    expect(await db.selectFrom('podcasts').select('id').execute()).toEqual([])
  })

  it('reports progress up to the number of lines', async () => {
    await writeLines(
      'many.jsonl',
      Array.from({ length: 5 }, (_, i) => ({
        id: `p${i}`,
        title: `T${i}`,
        author: 'A',
        description: description(`${i}`),
      })),
    )
    const seen: Array<[number, number]> = []
    const result = await importBooks(db, {
      ...options('many.jsonl'),
      onProgress: (d, t) => seen.push([d, t]),
    })
    expect(result.imported).toBe(5)
    expect(seen.at(-1)).toEqual([5, 5])
  })
})

describe('cutDescription', () => {
  it('cuts at the last sentence end within the limit, not counting whitespace', () => {
    const text = `${'a'.repeat(60)}. ${'b'.repeat(30)}! ${'c'.repeat(50)}.`
    expect(cutDescription(text, 100)).toBe(`${'a'.repeat(60)}. ${'b'.repeat(30)}!`)
    expect(cutDescription('short text.', 100)).toBe('short text.')
  })

  it('falls back to the last whole word and an ellipsis when no sentence end fits', () => {
    const text = Array.from({ length: 60 }, () => 'word').join(' ')
    const cut = cutDescription(text, 100)
    expect(cut.endsWith('word…')).toBe(true)
    expect(countChars(cut)).toBeLessThanOrEqual(100)
  })
})
