import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing, until } from '@bookstrut/core/testing'
import { libraryDb, runImport } from '@bookstrut/library'
import { goodreadsExport, storygraphExport } from '@bookstrut/library/testing'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { injectCall } from '../../test/inject-call.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const call = injectCall(() => t.app)
const ldb = () => libraryDb(t.app.db)

/** POST /library/imports with `content` as the form's `file`, as a browser sends it. */
const upload = (
  userId: string,
  token: string,
  content: string | Uint8Array,
  name = 'goodreads_library_export.csv',
) => {
  const fd = new FormData()
  fd.append('file', new Blob([content], { type: 'text/csv' }), name)
  return t.app
    .inject({
      method: 'POST',
      url: `/api/v1/library/imports?userId=${userId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: fd,
    })
    .then((r) => ({ status: r.statusCode, body: r.json() }))
}

const finished = async (userId: string, token: string, importId: string) => {
  let last: any
  await until('the import to finish', async () => {
    last = (await call('GET', `/library/imports/${importId}?userId=${userId}`, token)).body.data
    return last?.status === 'done'
  })
  return last
}
const report = async (userId: string, token: string, importId: string) =>
  (await call('GET', `/library/imports/${importId}/rows?userId=${userId}&limit=50`, token)).body.data as any[]
const shelvesOf = (userId: string) =>
  ldb()
    .selectFrom('shelf_entries')
    .select(['book_id', 'shelf', 'import_id', 'started_on', 'finished_on'])
    .where('user_id', '=', userId)
    .execute()
const importsOf = (userId: string) =>
  ldb().selectFrom('library_imports').selectAll().where('user_id', '=', userId).execute()

it('imports a Goodreads export: matched by ISBN, then title and author, shelved with its dates, reported row by row, undone once', async () => {
  const reader = await buildUser(t.app.db)
  // Catalogue books as authors list them: ISBNs with hyphens, titles without series suffixes.
  const stone = await buildListing(t.app.db, {
    title: "Harry Potter and the Sorcerer's Stone",
    author: 'J. K. Rowling',
    isbn: '0-439-55493-4',
  })
  const wind = await buildListing(t.app.db, { title: 'The Name of the Wind', author: 'Patrick Rothfuss' })
  const thinking = await buildListing(t.app.db, { title: 'Thinking Fast & Slow', author: 'Daniel Kahneman' })
  const dune = await buildListing(t.app.db, { title: 'Dune', author: 'Frank Herbert', isbn: '9780441172719' })
  const hidden = await buildListing(t.app.db, { title: 'Hidden Gem', author: 'Ann Other', is_active: false })
  // Already on the reader's shelves: the import leaves it as the reader had it.
  await call('PUT', '/library/shelf', reader.token, { userId: reader.id, bookId: dune.id, shelf: 'reading' })

  const csv = goodreadsExport([
    // ISBN-13 of the catalogue's ISBN-10, as Goodreads writes it (="…").
    {
      title: "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)",
      author: 'J.K. Rowling',
      isbn13: '9780439554930',
      shelf: 'read',
      dateRead: '2024/03/15',
      review: 'Loved it,\nline two, "quoted"',
    },
    {
      title: 'The Name of the Wind (The Kingkiller Chronicle, #1)',
      author: 'Patrick Rothfuss',
      shelf: 'currently-reading',
    },
    { title: 'Thinking, Fast and Slow', author: 'Daniel Kahneman', shelf: 'to-read' },
    { title: 'Dune', author: 'Frank Herbert', isbn: '0441172717', shelf: 'read', dateRead: '2023/07/01' },
    { title: 'The Name of the Wind', author: 'Patrick Rothfuss', shelf: 'read' },
    { title: 'Hidden Gem', author: 'Ann Other', shelf: 'to-read' },
    { title: '=HYPERLINK("http://evil.example/x","Click")', author: '@SUM(1+1)', shelf: 'to-read' },
    { title: 'Thinking Fast and Slow', author: 'Daniel Kahneman', shelf: 'did-not-finish' },
  ])
  const started = await upload(reader.id, reader.token, csv)
  expect(started.status).toBe(200)
  expect(started.body.data).toMatchObject({ source: 'goodreads', status: 'queued', totalRows: 8 })
  const done = await finished(reader.id, reader.token, started.body.data._id)
  expect(done).toMatchObject({
    processedRows: 8,
    shelvedRows: 3,
    outcomes: { shelved: 3, already_shelved: 2, no_shelf: 1, not_found: 2, ambiguous: 0 },
  })

  const rows = await report(reader.id, reader.token, started.body.data._id)
  expect(rows.map((r) => [r.rowNumber, r.outcome, r.book?._id ?? null])).toEqual([
    [1, 'shelved', stone.id],
    [2, 'shelved', wind.id],
    [3, 'shelved', thinking.id],
    [4, 'already_shelved', dune.id],
    [5, 'already_shelved', wind.id],
    [6, 'not_found', null],
    [7, 'not_found', null],
    // Matched, but "did not finish" is no shelf of ours.
    [8, 'no_shelf', thinking.id],
  ])
  expect(hidden.id).not.toBe(rows[5].book?._id)
  // A formula cell is a title like any other: stored and shown as the text it is.
  expect(rows[6]).toMatchObject({ title: '=HYPERLINK("http://evil.example/x","Click")', author: '@SUM(1+1)' })
  expect(rows[0].isbns).toEqual(['9780439554930'])

  const shelves = await shelvesOf(reader.id)
  const byBook = new Map(shelves.map((s) => [s.book_id, s]))
  expect(byBook.get(stone.id)).toMatchObject({ shelf: 'read', import_id: started.body.data._id })
  const stoneShelf = await call('GET', `/library/shelf?userId=${reader.id}&bookId=${stone.id}`, reader.token)
  expect(stoneShelf.body.data).toMatchObject({ shelf: 'read', finishedOn: '2024-03-15', startedOn: null })
  expect(byBook.get(wind.id)).toMatchObject({ shelf: 'reading' })
  expect(byBook.get(thinking.id)).toMatchObject({ shelf: 'want_to_read' })
  expect(byBook.get(dune.id)).toMatchObject({ shelf: 'reading', import_id: null })

  // The reader moves one imported book; undoing the import leaves that one and takes the rest off.
  await call('PUT', '/library/shelf', reader.token, { userId: reader.id, bookId: wind.id, shelf: 'read' })
  for (let i = 0; i < 2; i++) {
    const undone = await call(
      'DELETE',
      `/library/imports/${started.body.data._id}?userId=${reader.id}`,
      reader.token,
    )
    expect(undone.status).toBe(200)
    expect(undone.body.data.status).toBe('undone')
  }
  expect((await shelvesOf(reader.id)).map((s) => [s.book_id, s.shelf]).sort()).toEqual(
    [
      [dune.id, 'reading'],
      [wind.id, 'read'],
    ].sort(),
  )
})

it('imports a StoryGraph export by its read status, with the dates of its last read', async () => {
  const reader = await buildUser(t.app.db)
  const piranesi = await buildListing(t.app.db, {
    title: 'Piranesi',
    author: 'Susanna Clarke',
    isbn: '9781635575637',
  })
  const circe = await buildListing(t.app.db, { title: 'Circe', author: 'Madeline Miller' })
  const klara = await buildListing(t.app.db, { title: 'Klara and the Sun', author: 'Kazuo Ishiguro' })
  const csv = storygraphExport([
    {
      title: 'Piranesi',
      authors: 'Susanna Clarke',
      isbn: '9781635575637',
      status: 'read',
      lastDateRead: '2024/02/10',
      datesRead: '2023/01/05-2023/01/20, 2024/02/01-2024/02/10',
    },
    {
      title: 'Circe',
      authors: 'Madeline Miller, Someone Else',
      status: 'currently-reading',
      datesRead: '2024/05/01-',
    },
    { title: 'Klara and the Sun', authors: 'Kazuo Ishiguro', isbn: 'sg-uid-123', status: 'to-read' },
    { title: 'Nowhere Book', authors: 'No Body', status: 'did-not-finish' },
  ])
  const started = await upload(reader.id, reader.token, csv, 'storygraph.csv')
  expect(started.status).toBe(200)
  expect(started.body.data.source).toBe('storygraph')
  await finished(reader.id, reader.token, started.body.data._id)
  const shelves = new Map((await shelvesOf(reader.id)).map((s) => [s.book_id, s.shelf]))
  expect(Object.fromEntries(shelves)).toEqual({
    [piranesi.id]: 'read',
    [circe.id]: 'reading',
    [klara.id]: 'want_to_read',
  })
  const place = await call('GET', `/library/shelf?userId=${reader.id}&bookId=${piranesi.id}`, reader.token)
  expect(place.body.data).toMatchObject({ startedOn: '2024-02-01', finishedOn: '2024-02-10' })
  const circePlace = await call('GET', `/library/shelf?userId=${reader.id}&bookId=${circe.id}`, reader.token)
  expect(circePlace.body.data).toMatchObject({ startedOn: '2024-05-01', finishedOn: null })
  const rows = await report(reader.id, reader.token, started.body.data._id)
  expect(rows.map((r) => r.outcome)).toEqual(['shelved', 'shelved', 'shelved', 'not_found'])
})

it('refuses a hostile or malformed file with a clear 4xx, and stores nothing', async () => {
  const reader = await buildUser(t.app.db)
  const good = goodreadsExport([{ title: 'A', author: 'B C', shelf: 'read' }])
  const png = Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
  ])
  const latin1 = Uint8Array.from([
    ...Buffer.from('Book Id,Title,Author,ISBN,ISBN13,Date Read,Exclusive Shelf\n1,Caf'),
    0xe9,
    0x0a,
  ])
  const cases: [string | Uint8Array, number, RegExp][] = [
    ['name,email\nAnn,ann@example.com\n', 400, /not a Goodreads or StoryGraph export/],
    [png, 400, /not a CSV text file/],
    [latin1, 400, /not a CSV text file/],
    [good.replace('\n', '\n"unclosed,quote\n'), 400, /cannot be read/],
    [good.split('\n')[0] + '\n', 400, /holds no books/],
    ['', 400, /not a Goodreads or StoryGraph export/],
    // Over 8 MB of short lines (a single endless line is refused sooner, as malformed).
    [good + `${'y'.repeat(1023)}\n`.repeat(8 * 1024 + 1), 413, /too large/],
  ]
  for (const [content, status, message] of cases) {
    const r = await upload(reader.id, reader.token, content)
    // Past 8 MB, the import's own count (413) or the form's file limit (400) stops it, whichever sees it first.
    expect(r.status === 400 && status === 413 ? 413 : r.status, String(message)).toBe(status)
    expect(r.body.message).toMatch(message)
  }
  // A form without the file.
  const fd = new FormData()
  fd.append('other', 'x')
  const noFile = await t.app.inject({
    method: 'POST',
    url: `/api/v1/library/imports?userId=${reader.id}`,
    headers: { authorization: `Bearer ${reader.token}` },
    payload: fd,
  })
  expect(noFile.statusCode).toBe(400)
  expect(await importsOf(reader.id)).toEqual([])
  expect(await shelvesOf(reader.id)).toEqual([])
})

it("answers 403 to an import for another reader and 404 to another reader's import", async () => {
  const [owner, stranger] = [await buildUser(t.app.db), await buildUser(t.app.db)]
  const csv = goodreadsExport([{ title: 'Nothing Matches', author: 'No One', shelf: 'read' }])
  expect((await upload(owner.id, stranger.token, csv)).status).toBe(403)
  expect(await importsOf(owner.id)).toEqual([])
  const mine = await upload(owner.id, owner.token, csv)
  const id = mine.body.data._id
  await finished(owner.id, owner.token, id)
  expect((await call('GET', `/library/imports/${id}?userId=${owner.id}`, stranger.token)).status).toBe(403)
  expect((await call('GET', `/library/imports/${id}?userId=${stranger.id}`, stranger.token)).status).toBe(404)
  expect(
    (await call('GET', `/library/imports/${id}/rows?userId=${stranger.id}`, stranger.token)).status,
  ).toBe(404)
  expect((await call('DELETE', `/library/imports/${id}?userId=${stranger.id}`, stranger.token)).status).toBe(
    404,
  )
  expect((await importsOf(owner.id))[0]?.status).toBe('done')
})

it('decides each row once: the job run again (a retry) changes nothing, and an import not stored yet is retried', async () => {
  const reader = await buildUser(t.app.db)
  const book = await buildListing(t.app.db, { title: 'Once Only', author: 'Ann Once' })
  const csv = goodreadsExport([{ title: 'Once Only', author: 'Ann Once', shelf: 'to-read' }])
  const started = await upload(reader.id, reader.token, csv)
  const id = started.body.data._id
  const first = await finished(reader.id, reader.token, id)
  const before = await shelvesOf(reader.id)
  const deps = { db: t.app.db, clock: t.clock, queues: t.app.queues }
  expect(await runImport(deps, id)).toBe('done')
  expect(await shelvesOf(reader.id)).toEqual(before)
  expect(before.map((s) => s.book_id)).toEqual([book.id])
  const again = (await call('GET', `/library/imports/${id}?userId=${reader.id}`, reader.token)).body.data
  expect(again).toMatchObject({
    processedRows: first.processedRows,
    shelvedRows: 1,
    outcomes: first.outcomes,
  })
  // Queued inside the transaction that stores the import: a job that starts first fails and is retried.
  await expect(runImport(deps, 'ffffffffffffffffffffffff')).rejects.toThrow(/not stored/)
})
