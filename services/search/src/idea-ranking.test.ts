import { describe, expect, it } from 'vitest'
import { LANGUAGE_PREFERENCE, preferLanguage, primaryLanguage, type RankedBook } from './idea-ranking.js'
import { descriptionChunks, bookPassages, PASSAGES } from './book-passages.js'

const ranked = (hellas: [string, number][]): RankedBook[] =>
  hellas.map(([bookId, hella]) => ({ bookId, scores: { ideas: [], bonus: 0, total: hella } }))

describe('language preference', () => {
  const languages: Record<string, string | null> = { en: 'en-US', fr: 'fr-FR', none: null, enGb: 'en-GB' }

  it('moves books in the reader language ahead of close matches only', () => {
    const list = ranked([
      ['fr', 200],
      ['en', 200 - LANGUAGE_PREFERENCE + 1],
      ['none', 150],
      ['enGb', 100],
    ])
    const order = preferLanguage(list, (id) => languages[id], 'en-AU').map((b) => b.bookId)
    expect(order).toEqual(['en', 'fr', 'none', 'enGb'])
  })

  it('keeps the ranking when no language is given', () => {
    const list = ranked([
      ['fr', 200],
      ['en', 190],
    ])
    expect(preferLanguage(list, (id) => languages[id], undefined).map((b) => b.bookId)).toEqual(['fr', 'en'])
    expect(primaryLanguage('pt_BR')).toBe('pt')
  })
})

describe('book passages', () => {
  it('embeds the ideas, then the description in sentence chunks led by the title', () => {
    const passages = bookPassages({
      title: 'Moby-Dick',
      ideas: ['A captain hunts a whale', '', 'Revenge at sea'],
      description: 'Call me Ishmael. Some years ago I went to sea.',
    })
    expect(passages).toEqual([
      'A captain hunts a whale',
      'Revenge at sea',
      'Moby-Dick. Call me Ishmael. Some years ago I went to sea.',
    ])
  })

  it('cuts a long description into at most maxChunks chunks of about chunkWords words', () => {
    const sentence = 'The crew sails on through another long and stormy night at sea. '
    const chunks = descriptionChunks(sentence.repeat(100))
    expect(chunks).toHaveLength(PASSAGES.maxChunks)
    for (const c of chunks) expect(c.split(' ').length).toBeLessThanOrEqual(PASSAGES.chunkWords)
  })

  it('cuts a long sentence at its clauses, so that the premise it opens with is a passage of its own', () => {
    const description =
      'Seconds before the Earth is demolished to make way for a galactic freeway, Arthur Dent is plucked off ' +
      "the planet by his friend Ford Prefect, a researcher for the revised edition of The Hitchhiker's Guide who, " +
      'for the last fifteen years, has been posing as an out-of-work actor. Where are these pens?'
    expect(descriptionChunks(description, { chunkWords: 20, clauseWords: 20, maxChunks: 12 })).toEqual([
      'Seconds before the Earth is demolished to make way for a galactic freeway,',
      'Arthur Dent is plucked off the planet by his friend Ford Prefect,',
      "a researcher for the revised edition of The Hitchhiker's Guide who, for the last fifteen years,",
      'has been posing as an out-of-work actor. Where are these pens?',
    ])
    // A sentence without clause marks stays whole; without clauseWords every sentence does.
    const plain = 'One two three four five six seven eight nine ten eleven twelve thirteen fourteen.'
    expect(descriptionChunks(plain, { chunkWords: 5, clauseWords: 5, maxChunks: 12 })).toEqual([plain])
    expect(descriptionChunks(description, { chunkWords: 20, maxChunks: 12 })).toHaveLength(2)
  })

  it('cuts by sentence or keeps the whole description, and places the title as the scheme says', () => {
    const book = {
      title: 'Moby-Dick',
      ideas: [],
      description: 'Call me Ishmael. Some years ago I went to sea.',
    }
    expect(bookPassages(book, { chunkWords: 1, maxChunks: 16, title: 'every' })).toEqual([
      'Moby-Dick. Call me Ishmael.',
      'Moby-Dick. Some years ago I went to sea.',
    ])
    expect(bookPassages(book, { chunkWords: Infinity, maxChunks: 1, title: 'first' })).toEqual([
      'Moby-Dick. Call me Ishmael. Some years ago I went to sea.',
    ])
    expect(bookPassages(book, { chunkWords: 1, maxChunks: 16, title: 'own' })).toEqual([
      'Moby-Dick',
      'Call me Ishmael.',
      'Some years ago I went to sea.',
    ])
    expect(bookPassages(book, { chunkWords: 1, maxChunks: 16, title: 'none' })).toEqual([
      'Call me Ishmael.',
      'Some years ago I went to sea.',
    ])
    // The chunks, and the whole text once more, as the trained encoder learnt books; one chunk is whole already.
    expect(bookPassages(book, { chunkWords: 1, maxChunks: 16, title: 'first', whole: true })).toEqual([
      'Moby-Dick. Call me Ishmael.',
      'Some years ago I went to sea.',
      'Moby-Dick. Call me Ishmael. Some years ago I went to sea.',
    ])
    expect(bookPassages(book, { chunkWords: 40, maxChunks: 8, title: 'first', whole: true })).toEqual([
      'Moby-Dick. Call me Ishmael. Some years ago I went to sea.',
    ])
    // Without a description or ideas the title is all there is to find the book by.
    expect(
      bookPassages({ ...book, description: ' ' }, { chunkWords: 1, maxChunks: 16, title: 'none' }),
    ).toEqual(['Moby-Dick'])
  })
})
