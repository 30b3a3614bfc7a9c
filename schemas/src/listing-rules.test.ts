import { describe, expect, it } from 'vitest'
import { LISTING_FIELDS, normaliseLink, validateListing, type ListingField } from './listing-rules.js'

const now = new Date('2026-11-22T12:00:00Z')
const valid: Record<ListingField, string> = {
  title: 'The Lighthouse Keeper',
  author: 'Mara Quill',
  categoryName: 'Literary Fiction',
  primary_key: 'A lonely keeper guards a light on a remote island',
  secondary_key: 'A shipwreck brings a stranger with a secret to the shore',
  additional_key: 'Grief slowly gives way to an unlikely friendship',
  description:
    'On a wind-battered island a keeper tends the last manual lighthouse of the coast, until a storm brings a stranger.',
  publisher: 'Harbour Press',
  get_this_url: 'https://books.example/lighthouse',
  year_published: '2021',
  ISBN: '978-1-4028-9462-6',
  language: 'en-US',
  youtube_url: '',
  tiktok_url: '',
}
const check = (patch: Partial<Record<ListingField, string>>, field: ListingField) =>
  validateListing({ ...valid, ...patch }, [field], now)

describe('listing rules', () => {
  it('accepts a complete valid listing and normalises it', () => {
    const { values, errors } = validateListing(valid, LISTING_FIELDS, now)
    expect(errors).toEqual([])
    expect(values).toMatchObject({
      year_published: 2021,
      ISBN: '9781402894626',
      youtube_url: null,
      get_this_url: 'https://books.example/lighthouse',
    })
  })

  it.each<[string, Partial<Record<ListingField, string>>, ListingField, string]>([
    ['missing title', { title: '' }, 'title', 'bookTitle/Genre is required'],
    ['blank title', { title: '   ' }, 'title', 'bookTitle/Genre is required'],
    ['76-character title', { title: 'x'.repeat(76) }, 'title', 'bookTitle must not exceed 75 characters'],
    ['missing author', { author: '' }, 'author', 'authorName/Genre is required'],
    ['51-character author', { author: 'a'.repeat(51) }, 'author', 'authorName must not exceed 50 characters'],
    ['missing category', { categoryName: '' }, 'categoryName', 'Category/Genre is required'],
    [
      '51-character category',
      { categoryName: 'c'.repeat(51) },
      'categoryName',
      'Category must not exceed 50 characters',
    ],
    ['missing primary idea', { primary_key: '' }, 'primary_key', 'Primary Idea is required'],
    ['missing secondary idea', { secondary_key: ' ' }, 'secondary_key', 'Secondary Idea is required'],
    ['missing additional idea', { additional_key: '' }, 'additional_key', 'Additional Idea is required'],
    ['missing description', { description: '' }, 'description', 'Book Description is required'],
    [
      '74 characters of description',
      { description: 'd'.repeat(74) },
      'description',
      'Book Description must be at least 75 characters long',
    ],
    [
      '1001 characters of description',
      { description: 'd'.repeat(1001) },
      'description',
      'Book Description must not exceed 1000 characters',
    ],
    [
      '51-character publisher',
      { publisher: 'p'.repeat(51) },
      'publisher',
      'Publisher Name must not exceed 50 characters',
    ],
    ['missing get-this link', { get_this_url: '' }, 'get_this_url', 'Enter a valid URL'],
    ['get-this link that is no address', { get_this_url: 'not a link' }, 'get_this_url', 'Enter a valid URL'],
    ['javascript: link', { get_this_url: 'javascript:alert(1)' }, 'get_this_url', 'Enter a valid URL'],
    ['year 999', { year_published: '999' }, 'year_published', 'Enter a valid year'],
    ['next year', { year_published: '2027' }, 'year_published', 'Enter a valid year'],
    ['year in words', { year_published: 'twenty' }, 'year_published', 'Enter a valid year'],
    ['11-digit ISBN', { ISBN: '12345678901' }, 'ISBN', 'Enter a valid 10 or 13-digit ISBN'],
    ['14-digit ISBN', { ISBN: '12345678901234' }, 'ISBN', 'ISBN must not exceed 13 characters'],
    ['bad video link', { youtube_url: 'http://' }, 'youtube_url', 'Enter a valid URL'],
  ])('refuses a %s', (_name, patch, field, message) => {
    expect(check(patch, field).errors).toEqual([{ field, message }])
  })

  it('counts lengths without whitespace', () => {
    expect(check({ description: `${'word '.repeat(19)}` }, 'description').errors).toEqual([])
    expect(check({ description: `${'d '.repeat(74)}` }, 'description').errors[0]?.message).toBe(
      'Book Description must be at least 75 characters long',
    )
    expect(check({ title: `${'a '.repeat(75)}` }, 'title').errors).toEqual([])
  })

  it('prepends https:// to links without a scheme', () => {
    expect(normaliseLink('shop.example/book?id=3')).toBe('https://shop.example/book?id=3')
    expect(normaliseLink('http://shop.example')).toBe('http://shop.example/')
    expect(check({ tiktok_url: 'tiktok.com/@mara' }, 'tiktok_url').values.tiktok_url).toBe(
      'https://tiktok.com/@mara',
    )
  })

  it('checks only the fields asked for (an edit validates changed fields only)', () => {
    expect(validateListing({ title: 'New title' }, ['title'], now).errors).toEqual([])
  })

  it('accepts this year and an ISBN-10 ending in X', () => {
    expect(check({ year_published: '2026' }, 'year_published').errors).toEqual([])
    expect(check({ ISBN: '0-306-40615-X' }, 'ISBN').values.ISBN).toBe('030640615X')
  })
})
