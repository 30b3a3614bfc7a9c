import { describe, expect, it } from 'vitest'
import { countChars, normaliseLink } from '@bookstrut/schemas'
import {
  audioError,
  capChars,
  changedFields,
  emptyListing,
  imageError,
  isEditLocked,
  noFiles,
  serverFieldErrors,
  toListingFormData,
  validateListing,
  wireValue,
  type ListingFiles,
  type ListingField,
  type ListingFormValues,
} from './listing-rules'

const now = new Date('2026-06-01T12:00:00Z')
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type })
const cover = () => file('cover.png', 'image/png', 10_000)

const valid: ListingFormValues = {
  title: 'The Keeper of Salt Lanterns',
  author: 'Maya Okafor',
  categoryName: 'Literary fiction',
  primary_key: 'A lighthouse keeper guards a secret that could ruin the island',
  secondary_key: 'Letters from a lost brother arrive decades too late',
  additional_key: 'A storm forces strangers to trust each other overnight',
  description: 'x'.repeat(80),
  publisher: 'Harbour Lights Press',
  get_this_url: 'https://shop.example.com/book',
  year_published: '1999',
  ISBN: '9780306406157',
  language: 'en-GB',
  youtube_url: '',
  tiktok_url: '',
}
const validFiles: ListingFiles = { ...noFiles, bookCoverImage: cover() }

/** Create-mode errors for the valid listing with one field changed. */
const errorsWith = (field: ListingField, value: string, isFree = false) =>
  validateListing({ ...valid, [field]: value }, validFiles, { mode: 'create', isFree, now })

describe('listing form rules (spec author-and-content section 5)', () => {
  it('accepts a complete listing', () => {
    expect(validateListing(valid, validFiles, { mode: 'create', isFree: false, now })).toEqual({})
  })

  it.each<[ListingField, string, string]>([
    ['title', '', 'bookTitle/Genre is required'],
    ['title', '   ', 'bookTitle/Genre is required'],
    ['title', 'a'.repeat(76), 'bookTitle must not exceed 75 characters'],
    ['author', '', 'authorName/Genre is required'],
    ['author', 'a'.repeat(51), 'authorName must not exceed 50 characters'],
    ['categoryName', '', 'Category/Genre is required'],
    ['categoryName', 'a'.repeat(51), 'Category must not exceed 50 characters'],
    ['primary_key', '', 'Primary Idea is required'],
    ['secondary_key', ' ', 'Secondary Idea is required'],
    ['additional_key', '', 'Additional Idea is required'],
    ['primary_key', 'a'.repeat(301), 'Primary Idea must not exceed 300 characters'],
    ['description', '', 'Book Description is required'],
    ['description', 'a'.repeat(74), 'Book Description must be at least 75 characters long'],
    ['description', 'a'.repeat(1001), 'Book Description must not exceed 1000 characters'],
    ['publisher', 'a'.repeat(51), 'Publisher Name must not exceed 50 characters'],
    ['get_this_url', '', 'Enter a valid URL'],
    ['get_this_url', 'not a link', 'Enter a valid URL'],
    ['get_this_url', 'localhost', 'Enter a valid URL'],
    ['get_this_url', 'ftp://files.example.com/x', 'Enter a valid URL'],
    ['year_published', '999', 'Enter a valid year'],
    ['year_published', '2027', 'Enter a valid year'],
    ['year_published', '19x9', 'Enter a valid year'],
    ['ISBN', '12345', 'Enter a valid 10 or 13-digit ISBN'],
    ['ISBN', '12345678901234', 'ISBN must not exceed 13 characters'],
    ['ISBN', '978030640615X', 'Enter a valid 10 or 13-digit ISBN'],
    ['youtube_url', 'nope', 'Enter a valid URL'],
    ['tiktok_url', 'http://', 'Enter a valid URL'],
  ])('%s = %j gives "%s"', (field, value, message) => {
    expect(errorsWith(field, value)).toEqual({ [field]: message })
  })

  it.each<[ListingField, string]>([
    ['title', 'a'.repeat(75)],
    ['title', `${'a '.repeat(75)}`],
    ['author', 'a'.repeat(50)],
    ['description', 'a'.repeat(1000)],
    ['description', `${'ab '.repeat(40)}`],
    ['publisher', ''],
    ['get_this_url', 'shop.example.com/book'],
    ['year_published', ''],
    ['year_published', '1000'],
    ['year_published', '2026'],
    ['ISBN', ''],
    ['ISBN', '0-306-40615-2'],
    ['ISBN', '030640615X'],
    ['ISBN', '978 0306 406157'],
    ['youtube_url', 'youtube.com/watch?v=1'],
  ])('%s = %j is fine (lengths count no whitespace)', (field, value) => {
    expect(errorsWith(field, value)).toEqual({})
  })

  it('a description of 74 letters padded with spaces is still too short', () => {
    expect(errorsWith('description', `${'a'.repeat(74)}${' '.repeat(20)}`)).toEqual({
      description: 'Book Description must be at least 75 characters long',
    })
  })

  it('free plans neither check nor send the YouTube and TikTok links', () => {
    expect(errorsWith('youtube_url', 'nope', true)).toEqual({})
    const form = toListingFormData(
      { ...valid, youtube_url: 'youtube.com/x', tiktok_url: 'tiktok.com/x' },
      validFiles,
      { mode: 'create', userId: 'u1', isFree: true },
    )
    expect(form.has('youtube_url')).toBe(false)
    expect(form.has('tiktok_url')).toBe(false)
  })

  describe('files', () => {
    it.each<[string, File | null, 'cover' | 'author', boolean, string | null]>([
      ['no cover when creating', null, 'cover', true, 'Book image is required'],
      ['no author image', null, 'author', false, null],
      [
        'a PDF cover',
        file('c.pdf', 'application/pdf', 10),
        'cover',
        true,
        'Invalid file type (Only JPEG, PNG, GIF, WEBP allowed)',
      ],
      [
        'an SVG author image',
        file('a.svg', 'image/svg+xml', 10),
        'author',
        false,
        'Invalid file type (Only JPEG, PNG, GIF, WEBP allowed)',
      ],
      [
        'a 2 MB + 1 byte cover',
        file('c.png', 'image/png', 2 * 1024 * 1024 + 1),
        'cover',
        true,
        'Book image must be less than 2MB',
      ],
      ['a 2 MB cover', file('c.webp', 'image/webp', 2 * 1024 * 1024), 'cover', true, null],
      [
        'a 1 MB + 1 byte author image',
        file('a.jpg', 'image/jpeg', 1024 * 1024 + 1),
        'author',
        false,
        'Author image must be less than 1MB',
      ],
      ['a GIF author image', file('a.gif', 'image/gif', 500), 'author', false, null],
    ])('%s', (_, f, kind, required, message) => {
      expect(imageError(f, kind, required)).toBe(message)
    })

    it.each<[string, { type: string; name: string; size: number }, number | null, string | null]>([
      ['an MP3', { type: 'audio/mpeg', name: 'a.mp3', size: 1000 }, 120, null],
      ['an MP3 whose type the browser does not know', { type: '', name: 'a.MP3', size: 1000 }, null, null],
      ['a WAV file', { type: 'audio/wav', name: 'a.wav', size: 1000 }, 10, 'Only MP3 files are allowed.'],
      [
        'an MP3 over 7 MB',
        { type: 'audio/mpeg', name: 'a.mp3', size: 7_340_033 },
        10,
        'File size must be 7MB or less.',
      ],
      ['an MP3 of exactly 7 MB', { type: 'audio/mpeg', name: 'a.mp3', size: 7_340_032 }, 10, null],
      [
        'an MP3 of 300.5 s',
        { type: 'audio/mpeg', name: 'a.mp3', size: 1000 },
        300.5,
        'Audio must be 5 minutes or less.',
      ],
      ['an MP3 of 300 s', { type: 'audio/mpeg', name: 'a.mp3', size: 1000 }, 300, null],
    ])('%s', (_, f, duration, message) => {
      expect(audioError(f, duration)).toBe(message)
    })

    it('file errors show under their fields', () => {
      const errors = validateListing(
        valid,
        {
          bookCoverImage: null,
          authorImage: file('a.bmp', 'image/bmp', 5),
          audioFile: file('a.ogg', 'audio/ogg', 5),
          duration: 3,
        },
        { mode: 'create', isFree: false, now },
      )
      expect(errors).toEqual({
        bookCoverImage: 'Book image is required',
        authorImage: 'Invalid file type (Only JPEG, PNG, GIF, WEBP allowed)',
        audioFile: 'Only MP3 files are allowed.',
      })
    })
  })

  describe('edit mode', () => {
    it('checks only the changed fields, and no cover is required', () => {
      const broken = { ...valid, title: '', ISBN: 'bad' }
      expect(
        validateListing(broken, noFiles, { mode: 'edit', isFree: false, fields: ['ISBN'], now }),
      ).toEqual({
        ISBN: 'Enter a valid 10 or 13-digit ISBN',
      })
      expect(validateListing(broken, noFiles, { mode: 'edit', isFree: false, fields: [], now })).toEqual({})
    })

    it('changedFields lists what differs from the snapshot, ignoring surrounding spaces', () => {
      const current = { ...valid, title: `  ${valid.title} `, publisher: '', ISBN: '030640615X' }
      expect(changedFields(valid, current)).toEqual(['publisher', 'ISBN'])
      expect(changedFields(valid, valid)).toEqual([])
    })

    it('sends the changed fields under their API names, an emptied field as empty, and new files only', () => {
      const audio = file('p.mp3', 'audio/mpeg', 100)
      const form = toListingFormData(
        { ...valid, publisher: '', get_this_url: 'example.org/new', year_published: '2001' },
        { ...noFiles, audioFile: audio, duration: 42.4 },
        { mode: 'edit', fields: ['publisher', 'get_this_url', 'year_published'], isFree: false },
      )
      expect([...form.keys()]).toEqual([
        'publisher',
        'get_this_url',
        'year_published',
        'episodes[0][year_published]',
        'podcast',
        'episodes[0][duration]',
      ])
      expect(form.get('publisher')).toBe('')
      expect(form.get('get_this_url')).toBe('https://example.org/new')
      expect(form.get('episodes[0][duration]')).toBe('42')
      expect(form.get('podcast')).toBe(audio)
    })

    it('the edit window is over after editableUntil', () => {
      expect(isEditLocked('2026-06-01T11:59:59Z', now)).toBe(true)
      expect(isEditLocked('2026-06-01T12:00:01Z', now)).toBe(false)
    })
  })

  it('create sends every non-empty field, createBy and the files', () => {
    const form = toListingFormData({ ...valid, publisher: '  ', ISBN: '978-0306-406157' }, validFiles, {
      mode: 'create',
      userId: 'u1',
      isFree: false,
    })
    expect(form.get('title')).toBe(valid.title)
    expect(form.get('categoryName')).toBe('Literary fiction')
    expect(form.get('primary_key')).toBe(valid.primary_key)
    expect(form.has('publisher')).toBe(false)
    expect(form.get('ISBN')).toBe('9780306406157')
    expect(form.get('createBy')).toBe('u1')
    expect(form.get('bookCoverImage')).toBe(validFiles.bookCoverImage)
    expect(form.has('authorImage')).toBe(false)
  })

  it('links get https:// when they have no scheme', () => {
    expect(normaliseLink('example.com/a b')).toBeNull()
    expect(normaliseLink('example.com/x')).toBe('https://example.com/x')
    expect(normaliseLink('http://example.com')).toBe('http://example.com/')
    expect(wireValue('youtube_url', ' youtube.com/watch?v=1 ')).toBe('https://youtube.com/watch?v=1')
    expect(wireValue('title', '  Title ')).toBe('Title')
  })

  it('the description input is capped at 1000 counted characters', () => {
    expect(countChars(' a b\nc ')).toBe(3)
    expect(capChars('abc def', 4)).toBe('abc d')
    expect(capChars('ab', 4)).toBe('ab')
    expect(countChars(capChars(`${'word '.repeat(300)}`, 1000))).toBe(1000)
  })

  it('maps the server field errors (data.errors) to the form fields', () => {
    expect(
      serverFieldErrors({
        errors: [
          { field: 'title', message: 'bookTitle must not exceed 75 characters' },
          { field: 'bookCoverImage', message: 'Book image is required' },
          { field: 'unknown', message: 'x' },
        ],
      }),
    ).toEqual({ title: 'bookTitle must not exceed 75 characters', bookCoverImage: 'Book image is required' })
    expect(serverFieldErrors(null)).toEqual({})
  })

  it('the empty form has every field', () => {
    expect(Object.keys(emptyListing)).toHaveLength(14)
  })
})
