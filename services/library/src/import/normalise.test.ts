import { expect, it } from 'vitest'
import { authorKey, isbnForms, isbnOf, titleKey } from './normalise.js'

it('compares titles without series suffixes, subtitles, punctuation, case, accents or a leading article', () => {
  const same = [
    "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)",
    'Harry Potter and the Sorcerer’s Stone',
    'HARRY POTTER AND THE SORCERERS STONE: Illustrated Edition',
  ]
  expect(new Set(same.map(titleKey))).toEqual(new Set(['harry potter and the sorcerers stone']))
  expect(titleKey('The Colour of Magic (Discworld #1.5)')).toBe('colour of magic')
  expect(titleKey('Thinking, Fast & Slow')).toBe(titleKey('Thinking Fast and Slow'))
  expect(titleKey('Cien años de soledad')).toBe('cien anos de soledad')
  expect(titleKey('Dune')).not.toBe(titleKey('Dune Messiah'))
})

it("compares authors by the first author's surname, either order, initials aside", () => {
  for (const name of ['J.K. Rowling', 'J. K. Rowling', 'Joanne Rowling, Someone Else'])
    expect(authorKey(name)).toBe('rowling')
  expect(authorKey('Rowling, J.K.', 'last-first')).toBe('rowling')
  expect(authorKey('Martin Luther King Jr.')).toBe('king')
  expect(authorKey('Gabriel García Márquez')).toBe('marquez')
})

it('reads ISBNs as Goodreads and StoryGraph write them, and nothing that is not one', () => {
  expect(isbnOf('="0439554934"')).toBe('0439554934')
  expect(isbnOf('="9780439554930"')).toBe('9780439554930')
  expect(isbnOf('978-0-441-17271-9')).toBe('9780441172719')
  expect(isbnOf('="043955493X"')).toBeNull() // wrong check digit
  expect(isbnOf('=""')).toBeNull()
  expect(isbnOf('=cmd|" /C calc"!A0')).toBeNull()
  expect(isbnOf('sg-uid-123')).toBeNull()
  expect(isbnForms('0439554934')).toEqual(['9780439554930', '0439554934'])
  expect(isbnForms('9780439554930')).toEqual(['9780439554930', '0439554934'])
  expect(isbnForms('9791032305690')).toEqual(['9791032305690'])
})
