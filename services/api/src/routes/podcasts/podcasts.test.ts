import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { buildUser } from '@bookstrut/accounts/testing'
import { LISTING_UPDATED_MESSAGE } from '@bookstrut/schemas'
import type { TestApp } from '../../test/test-app.js'
import { injectCall } from '../../test/inject-call.js'
import { buildListingTestApp } from '../../test/listing-app.js'
import { image, silentMp3 } from '../../test/media-fixtures.js'
import {
  LIGHTHOUSE_FIELDS,
  listingForm,
  unlimitedAuthor,
  type ListingFiles,
} from '../../test/listing-fixtures.js'

let t: TestApp
let png: Buffer
beforeAll(async () => ({ t, png } = await buildListingTestApp()))
afterAll(async () => t?.close())
const call = injectCall(() => t.app)

const fields = LIGHTHOUSE_FIELDS
const form = (values: Record<string, string>, files: ListingFiles = {}) => listingForm(values, png, files)

const send = (method: 'POST' | 'PUT', url: string, token: string, payload: FormData) =>
  call(method, url, token, payload)
const get = (url: string, token?: string) => call('GET', url, token)
/** POST /create/podcast: a listing form sent by `token`'s account. */
const create = (token: string, payload: FormData) => send('POST', '/create/podcast', token, payload)

const mediaFiles = async () => {
  const dirs = ['images', 'audio'].map((d) => path.join(t.config.media.dir, d))
  return (await Promise.all(dirs.map((d) => readdir(d).catch(() => [] as string[])))).flat()
}
const count = async (table: 'podcasts' | 'episodes') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('creating a listing', () => {
  it('stores a pending listing with its re-encoded cover and the MP3 duration read from the file', async () => {
    const author = await buildUser(t.app.db, { role: 'author' })
    const res = await create(
      author.token,
      form(
        { ...fields, 'episodes[0][duration]': '9999' },
        { book: silentMp3(12), authorImage: await image('jpeg', 200, 200) },
      ),
    )
    expect(res.status).toBe(201)
    const p = res.body.data
    expect(p).toMatchObject({
      title: fields.title,
      status: 0,
      createBy: author.id,
      get_this_url: 'https://books.example/lighthouse',
      year_published: 2021,
      sourceId: null,
    })
    expect(p.bookCoverImage).toMatch(/^\/media\/images\/cover-[0-9a-f]{24}\.webp$/)
    expect(p.authorImage).toMatch(/^\/media\/images\/author-[0-9a-f]{24}\.webp$/)
    expect(p.episodes).toHaveLength(1)
    expect(p.episodes[0].duration).toBeCloseTo(12, 0)
    expect(p.episodes[0].fileUrl).toMatch(/^\/media\/audio\/podblurb-[0-9a-f]{24}\.mp3$/)

    const cover = await t.app.inject({ method: 'GET', url: p.bookCoverImage })
    expect(cover.statusCode).toBe(200)
    expect(cover.headers['content-type']).toBe('image/webp')

    // Pending: hidden from the public, visible to its owner.
    expect((await get(`/get/Single/Podcast?PodcastId=${p._id}`)).status).toBe(404)
    expect((await get(`/get/Single/Podcast?PodcastId=${p._id}`, author.token)).body.data.status).toBe(0)
  })

  it('refuses readers and blocked authors, and a createBy of somebody else', async () => {
    const reader = await buildUser(t.app.db, { role: 'reader' })
    expect((await create(reader.token, form(fields))).status).toBe(403)
    const blocked = await buildUser(t.app.db, { role: 'author', blocked: true })
    const res = await create(blocked.token, form(fields))
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('BLOCKED')
    const author = await buildUser(t.app.db, { role: 'author' })
    expect((await create(author.token, form({ ...fields, createBy: reader.id }))).status).toBe(403)
  })

  it.each<[string, Record<string, string>, ListingFiles, string]>([
    ['no title', { title: '' }, {}, 'bookTitle/Genre is required'],
    ['a 76-character title', { title: 't'.repeat(76) }, {}, 'bookTitle must not exceed 75 characters'],
    [
      'a short description',
      { description: 'Too short.' },
      {},
      'Book Description must be at least 75 characters long',
    ],
    ['no get-this link', { get_this_url: '' }, {}, 'Enter a valid URL'],
    ['a bad year', { year_published: '3000' }, {}, 'Enter a valid year'],
    ['a bad ISBN', { ISBN: '12345' }, {}, 'Enter a valid 10 or 13-digit ISBN'],
    ['no cover', {}, { bookCoverImage: null }, 'Book image is required'],
    ['a PNG sent as the MP3', {}, { book: Buffer.alloc(0), bookName: 'x.mp3' }, ''],
  ])('refuses %s with the spec message and leaves nothing behind', async (_name, patch, files, message) => {
    const author = await buildUser(t.app.db, { role: 'author' })
    const before = { podcasts: await count('podcasts'), files: (await mediaFiles()).length }
    const withPng = files.book?.length === 0 ? { ...files, podcast: png } : files
    const res = await create(author.token, form({ ...fields, ...patch }, withPng))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message || 'Only MP3 files are allowed.')
    expect(await count('podcasts')).toBe(before.podcasts)
    expect((await mediaFiles()).length).toBe(before.files)
  })

  it('judges files by their bytes: a too-long MP3, a 7 MB + 1 byte file, a text file named .png', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const before = { podcasts: await count('podcasts'), files: (await mediaFiles()).length }
    const long = await create(author.token, form(fields, { book: silentMp3(301) }))
    expect(long.body.message).toBe('Audio must be 5 minutes or less.')
    const huge = await create(
      author.token,
      form(fields, {
        book: Buffer.concat([silentMp3(60), Buffer.alloc(7_340_033 - silentMp3(60).length)]),
      }),
    )
    expect(huge.status).toBe(400)
    expect(huge.body.message).toBe('File size must be 7MB or less.')
    const fake = await create(
      author.token,
      form(fields, { bookCoverImage: Buffer.from('not an image at all') }),
    )
    expect(fake.body.message).toBe('Invalid file type (Only JPEG, PNG, GIF, WEBP allowed)')
    const bigCover = await create(
      author.token,
      form(fields, { bookCoverImage: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]) }),
    )
    expect(bigCover.body.message).toBe('Book image must be less than 2MB')
    expect(await count('podcasts')).toBe(before.podcasts)
    expect((await mediaFiles()).length).toBe(before.files)
    expect(await readdir(path.join(t.config.dataDir, 'tmp')).catch(() => [])).toEqual([])
  })

  it('keeps a free author to the plan limit of one book, and to no video links', async () => {
    const author = await buildUser(t.app.db, { role: 'publisher' })
    const links = await create(author.token, form({ ...fields, youtube_url: 'youtube.com/watch?v=1' }))
    expect(links.status).toBe(403)
    expect(links.body.code).toBe('PAID_FEATURE')
    expect((await create(author.token, form(fields))).status).toBe(201)
    const second = await create(author.token, form(fields))
    expect(second.status).toBe(403)
    expect(second.body).toMatchObject({ code: 'PLAN_LIMIT', data: { bookLimit: 1 } })
    const owned = await t.app.db
      .selectFrom('podcasts')
      .select('id')
      .where('create_by', '=', author.id)
      .execute()
    expect(owned).toHaveLength(1)
  })

  it('holds the limit when two uploads race', async () => {
    const author = await buildUser(t.app.db, { role: 'author' })
    const results = await Promise.all([1, 2, 3].map(() => create(author.token, form(fields))))
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403])
    expect(
      await t.app.db.selectFrom('podcasts').select('id').where('create_by', '=', author.id).execute(),
    ).toHaveLength(1)
  })
})

describe('editing a listing', () => {
  it('writes only changed fields, answers "No changes detected!", and locks key fields after 72 hours', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const created = (await create(author.token, form(fields))).body.data
    const url = `/update/podcast?podcastId=${created._id}`

    const same = await send(
      'PUT',
      url,
      author.token,
      form({ title: fields.title, get_this_url: fields.get_this_url }, { bookCoverImage: null }),
    )
    expect(same.status).toBe(200)
    expect(same.body.message).toBe('No changes detected!')

    const bad = await send('PUT', url, author.token, form({ description: 'short' }, { bookCoverImage: null }))
    expect(bad.body.message).toBe('Book Description must be at least 75 characters long')

    const edited = await send(
      'PUT',
      url,
      author.token,
      form({ title: 'The Last Lighthouse', publisher: 'Tide Books' }, { bookCoverImage: null }),
    )
    expect(edited.status).toBe(200)
    expect(edited.body.data).toMatchObject({
      title: 'The Last Lighthouse',
      publisher: 'Tide Books',
      author: fields.author,
    })

    t.clock.advance(72 * 3600 * 1000 + 1000)
    const locked = await send('PUT', url, author.token, form({ title: 'Too Late' }, { bookCoverImage: null }))
    expect(locked.status).toBe(403)
    expect(locked.body.code).toBe('EDIT_LOCKED')
    const publisherStillEditable = await send(
      'PUT',
      url,
      author.token,
      form({ publisher: 'Late Tide Books' }, { bookCoverImage: null }),
    )
    expect(publisherStillEditable.status).toBe(200)
    const row = await t.app.db
      .selectFrom('podcasts')
      .select(['title', 'publisher'])
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ title: 'The Last Lighthouse', publisher: 'Late Tide Books' })
  })

  it('replaces the podblurb and removes the old file; strangers cannot edit', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const created = (await create(author.token, form(fields, { book: silentMp3(5) }))).body.data
    const oldFile = path.basename(created.episodes[0].fileUrl)
    const stranger = await buildUser(t.app.db, { role: 'author' })
    expect(
      (
        await send(
          'PUT',
          `/update/podcast?podcastId=${created._id}`,
          stranger.token,
          form({ title: 'Mine now' }, { bookCoverImage: null }),
        )
      ).status,
    ).toBe(403)
    const res = await send(
      'PUT',
      `/update/podcast?podcastId=${created._id}`,
      author.token,
      form({}, { bookCoverImage: null, book: silentMp3(9) }),
    )
    expect(res.body.data.episodes[0].duration).toBeCloseTo(9, 0)
    const transcribed = await send(
      'PUT',
      `/update/podcast?podcastId=${created._id}`,
      author.token,
      form({ transcript: 'A keeper, a storm, a stranger.' }, { bookCoverImage: null }),
    )
    expect(transcribed.body.message).toBe(LISTING_UPDATED_MESSAGE)
    expect(transcribed.body.data.episodes[0]).toMatchObject({
      transcript: 'A keeper, a storm, a stranger.',
      fileUrl: res.body.data.episodes[0].fileUrl,
    })
    const files = await mediaFiles()
    expect(files).not.toContain(oldFile)
    expect(files).toContain(path.basename(res.body.data.episodes[0].fileUrl))
  })
})

describe('moderation and public reads', () => {
  it('lists pending titles to admins; approval makes a title public, rejection shows the owner why', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const admin = await buildUser(t.app.db, { role: 'admin' })
    const a = (await create(author.token, form(fields, { book: silentMp3(3) }))).body.data
    const b = (await create(author.token, form({ ...fields, title: 'Second Book' }))).body.data

    expect((await get('/admin/podcasts', author.token)).status).toBe(403)
    const queue = await get('/admin/podcasts?status=0&limit=50', admin.token)
    expect(queue.body.data.map((p: { _id: string }) => p._id)).toEqual(expect.arrayContaining([a._id, b._id]))

    const mod = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/podcast/status',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: body,
      })
    expect((await mod({ podcastId: b._id, status: 2 })).statusCode).toBe(400)
    expect((await mod({ podcastId: a._id, status: 1 })).statusCode).toBe(200)
    expect((await mod({ podcastId: b._id, status: 2, statusComment: 'Cover is blurry' })).statusCode).toBe(
      200,
    )

    const single = await get(`/get/Single/Podcast?PodcastId=${a._id}`)
    expect(single.body.data).toMatchObject({ status: 1, episodes: [{ status: 1 }] })
    expect((await get(`/get/Single/Podcast?PodcastId=${b._id}`)).status).toBe(404)

    const mine = await get(`/get/all/podcasts?createBy=${author.id}&limit=50`, author.token)
    expect(mine.body).toMatchObject({ total: 2, currentPage: 1, pageSize: 50, totalPages: 1 })
    expect(mine.body.data.find((p: { _id: string }) => p._id === b._id)).toMatchObject({
      status: 2,
      statusComment: 'Cover is blurry',
    })
    const theirs = await get(`/get/all/podcasts?createBy=${author.id}`)
    expect(theirs.body.data.map((p: { _id: string }) => p._id)).toEqual([a._id])
    expect(
      (await get(`/user/podcasts?createBy=${author.id}&status=1`)).body.data.map(
        (p: { _id: string }) => p._id,
      ),
    ).toEqual([a._id])

    expect((await get(`/get/single/user?userId=${author.id}`)).body.data.podcastCount).toBe(1)
    expect((await get(`/get/single/user?userId=${author.id}`, author.token)).body.data).toMatchObject({
      podcastCount: 2,
      membership: { booksListed: 2, bookLimit: -1 },
    })

    const home = await get('/home/page?limit=20')
    expect(home.body.data.data.map((p: { _id: string }) => p._id)).toContain(a._id)
    expect(home.body.data.data.map((p: { _id: string }) => p._id)).not.toContain(b._id)
  })

  it('refuses page numbers beyond any real list with 400', async () => {
    const res = await get('/get/all/podcasts?page=14028230390667120640&limit=47')
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION')
    expect((await get('/home/page?page=100001')).status).toBe(400)
  })

  it('serves podblurbs with HTTP Range, so players can seek', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const p = (await create(author.token, form(fields, { book: silentMp3(4) }))).body.data
    const url = p.episodes[0].fileUrl
    const full = await t.app.inject({ method: 'GET', url })
    expect(full.statusCode).toBe(200)
    expect(full.headers['accept-ranges']).toBe('bytes')
    expect(full.headers['content-type']).toBe('audio/mpeg')
    expect(full.headers['cache-control']).toMatch(/immutable/)
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${full.rawPayload.length}`)
    expect(part.rawPayload.equals(full.rawPayload.subarray(100, 200))).toBe(true)
    const suffix = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } })
    expect(suffix.rawPayload.length).toBe(10)
    const beyond = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${full.rawPayload.length + 10}-` },
    })
    expect(beyond.statusCode).toBe(416)
  })
})
