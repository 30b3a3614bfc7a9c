import { describe, expect, it } from 'vitest'
import { BookTextIndex, lexicalTerm } from './book-text-index.js'

/* BM25 over real blurb-like text: what each idea's words match, and how strongly. */
const books = {
  mockingbird: {
    title: 'To Kill a Mockingbird',
    ideas: [],
    description:
      'A childhood in a sleepy Southern town and the crisis of conscience that rocked it, when a lawyer defends ' +
      'a black man accused of a terrible crime.',
  },
  whale: {
    title: 'Moby-Dick',
    ideas: ['A captain hunts the white whale that took his leg', 'Life aboard a whaling ship'],
    description: 'Ishmael signs on to a whaling voyage under the obsessed Captain Ahab.',
  },
  wizard: {
    title: 'The Boy Who Lived',
    ideas: ['An orphan learns he is a wizard'],
    description: 'A boy raised by cruel relatives goes off to a school of witchcraft and wizardry.',
  },
  court: {
    title: 'The Trial',
    ideas: [],
    description: 'A man is arrested one morning and tried by a court that never names his crime.',
  },
}

function catalogue() {
  const index = new BookTextIndex()
  for (const [id, book] of Object.entries(books)) index.upsert(id, book)
  return index
}

describe('BookTextIndex', () => {
  it('matches each idea on its own words, the best match at strength 1', () => {
    const [lawyer, whale] = catalogue().matchIdeas([
      'a lawyer defends a man accused of a crime',
      'whale hunting',
    ])
    expect([...lawyer!.entries()].sort((a, b) => b[1] - a[1])[0]).toEqual(['mockingbird', 1])
    // "man" and "crime" also occur in The Trial: it matches, but less strongly.
    expect(lawyer!.get('court')).toBeGreaterThan(0)
    expect(lawyer!.get('court')).toBeLessThan(1)
    expect(lawyer!.has('wizard')).toBe(false)
    expect([...whale!.keys()]).toEqual(['whale'])
  })

  it('reads the title and the ideas as well as the description', () => {
    const [title, idea] = catalogue().matchIdeas(['mockingbird', 'orphan'])
    expect([...title!.keys()]).toEqual(['mockingbird'])
    expect([...idea!.keys()]).toEqual(['wizard'])
  })

  it('ignores stop words and case: an idea of only function words matches nothing', () => {
    expect(lexicalTerm('The')).toBeNull()
    expect(lexicalTerm('Whale')).toBe('whale')
    expect(lexicalTerm('Defended')).toBe(lexicalTerm('defends'))
    const [nothing] = catalogue().matchIdeas(['what is it about the one that was there'])
    expect(nothing!.size).toBe(0)
  })

  it('forgets a removed book and replaces an edited one', () => {
    const index = catalogue()
    index.remove('whale')
    expect(index.has('whale')).toBe(false)
    expect(index.matchIdeas(['whale'])[0]!.size).toBe(0)
    index.upsert('court', {
      title: 'The Trial',
      ideas: [],
      description: 'A whale of a tale about a bank clerk.',
    })
    index.upsert('court', { title: 'The Trial', ideas: [], description: 'A bank clerk is arrested.' })
    expect(index.matchIdeas(['whale'])[0]!.size).toBe(0)
    expect([...index.matchIdeas(['arrested clerk'])[0]!.keys()]).toEqual(['court'])
    expect(index.bookCount).toBe(3)
  })

  it('weighs a rare word above a common one', () => {
    // "whaling" is in one book, "man" in two: an idea with both ranks the whaling book first.
    const [idea] = catalogue().matchIdeas(['a man on a whaling voyage'])
    const order = [...idea!.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id)
    expect(order[0]).toBe('whale')
  })
})
