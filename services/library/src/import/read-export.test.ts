import { describe, expect, it } from 'vitest'
import { goodreadsExport, storygraphExport } from '../testing/index.js'
import { readExport } from './read-export.js'

/** The file as an upload streams it: in chunks of `size` bytes. */
async function* chunks(content: string | Uint8Array, size = 7): AsyncGenerator<Buffer> {
  const buf = Buffer.from(content)
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size)
}

describe('readExport', () => {
  it('reads a Goodreads export streamed in small chunks: quoted multi-line reviews, formula ISBNs, a BOM', async () => {
    const csv = goodreadsExport([
      {
        title: 'Dune',
        author: 'Frank Herbert',
        isbn: '0441172717',
        isbn13: '9780441172719',
        shelf: 'read',
        dateRead: '2023/07/01',
        review: 'Spice,\n"must" flow',
      },
      { title: 'Emma', author: 'Jane Austen', shelf: 'to-read' },
    ])
    const { format, rows } = await readExport(chunks(`\ufeff${csv}`))
    expect(format.source).toBe('goodreads')
    expect(rows).toEqual([
      {
        title: 'Dune',
        author: 'Frank Herbert',
        isbns: ['9780441172719', '0441172717'],
        shelf: 'read',
        startedOn: null,
        finishedOn: '2023-07-01',
      },
      {
        title: 'Emma',
        author: 'Jane Austen',
        isbns: [],
        shelf: 'want_to_read',
        startedOn: null,
        finishedOn: null,
      },
    ])
  })

  it('reads a StoryGraph export: statuses and the last range of Dates Read', async () => {
    const csv = storygraphExport([
      {
        title: 'Piranesi',
        authors: 'Susanna Clarke',
        isbn: '9781635575637',
        status: 'read',
        lastDateRead: '2024/02/10',
        datesRead: '2023/01/05-2023/01/20, 2024/02/01-2024/02/10',
      },
      { title: 'Circe', authors: 'Madeline Miller', status: 'currently-reading', datesRead: '2024/05/01-' },
      { title: 'X', authors: 'Y Z', isbn: 'sg-uid-1', status: 'did-not-finish' },
    ])
    const { format, rows } = await readExport(chunks(csv, 64))
    expect(format.source).toBe('storygraph')
    expect(rows.map((r) => [r.shelf, r.startedOn, r.finishedOn, r.isbns])).toEqual([
      ['read', '2024-02-01', '2024-02-10', ['9781635575637']],
      ['reading', '2024-05-01', null, []],
      [null, null, null, []],
    ])
  })

  it.each([
    ['an unclosed quote', (good: string) => good.replace('\n', '\n"unclosed,quote\n'), /cannot be read/],
    ['another CSV', () => 'name,email\nAnn,ann@example.com\n', /not a Goodreads or StoryGraph export/],
    ['a header only', (good: string) => good.split('\n')[0] + '\n', /holds no books/],
    ['nothing', () => '', /not a Goodreads or StoryGraph export/],
  ])('refuses %s with a 400 saying why', async (_name, make, message) => {
    const good = goodreadsExport([{ title: 'A', author: 'B C', shelf: 'read' }])
    await expect(readExport(chunks(make(good)))).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(message),
    })
  })

  it('refuses bytes that are not UTF-8 text: a PNG, Latin-1', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    const latin1 = Uint8Array.from([...Buffer.from('Title,Authors,ISBN/UID,Read Status\nCaf'), 0xe9, 0x0a])
    for (const bytes of [png, latin1])
      await expect(readExport(chunks(bytes))).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/not a CSV text file/),
      })
  })
})
