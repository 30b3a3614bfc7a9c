import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { buildUser } from '@bookstrut/accounts/testing'
import type { TestApp } from '../../test/test-app.js'
import { injectCall } from '../../test/inject-call.js'
import { buildListingTestApp } from '../../test/listing-app.js'
import {
  LIGHTHOUSE_FIELDS,
  listingForm,
  unlimitedAuthor,
  type ListingFiles,
} from '../../test/listing-fixtures.js'

// Edits do not take a live book down (issue 48): an edit of an approved listing waits for moderation while the
// approved version stays public; the owner sees both; approving swaps them, rejecting keeps the live one.

let t: TestApp
let png: Buffer
beforeAll(async () => ({ t, png } = await buildListingTestApp()))
afterAll(async () => t?.close())
const call = injectCall(() => t.app)

const form = (values: Record<string, string>, files: ListingFiles = {}) => listingForm(values, png, files)
const get = (url: string, token?: string) => call('GET', url, token)
const mediaFiles = async () => {
  const dirs = ['images', 'audio'].map((d) => path.join(t.config.media.dir, d))
  return (await Promise.all(dirs.map((d) => readdir(d).catch(() => [] as string[])))).flat()
}
const audit = (bookId: string) =>
  t.app.db
    .selectFrom('admin_audit_log')
    .select(['action', 'before', 'after'])
    .where('target_id', '=', bookId)
    .orderBy('created_at')
    .execute()

/** An approved listing of a new author, and the admin who approved it. */
async function liveListing() {
  const author = await unlimitedAuthor(t.app.db)
  const admin = await buildUser(t.app.db, { role: 'admin' })
  const created = (await call('POST', '/create/podcast', author.token, form(LIGHTHOUSE_FIELDS))).body.data
  const moderate = (body: object) => call('PUT', '/admin/podcast/status', admin.token, body)
  expect((await moderate({ podcastId: created._id, status: 1 })).status).toBe(200)
  const edit = (values: Record<string, string>, files: ListingFiles = { bookCoverImage: null }) =>
    call('PUT', `/update/podcast?podcastId=${created._id}`, author.token, form(values, files))
  return { author, admin, id: created._id as string, cover: created.bookCoverImage as string, moderate, edit }
}

describe('an edit of a live listing', () => {
  it('keeps the approved version public while the edit waits; the owner and the queue see both', async () => {
    const l = await liveListing()
    const edited = await l.edit({ publisher: 'Tide Books', title: 'The Last Lighthouse' })
    expect(edited.status).toBe(200)
    expect(edited.body.data).toMatchObject({
      status: 1,
      title: LIGHTHOUSE_FIELDS.title,
      pendingChanges: {
        status: 'pending',
        fields: { publisher: 'Tide Books', title: 'The Last Lighthouse' },
      },
    })

    // Readers: the approved version, in the book page and the keyword search, and no trace of the edit.
    const seen = await get(`/get/Single/Podcast?PodcastId=${l.id}`)
    expect(seen.status).toBe(200)
    expect(seen.body.data.title).toBe(LIGHTHOUSE_FIELDS.title)
    expect(seen.body.data.pendingChanges).toBeUndefined()
    const found = await get(
      `/get/all/podcasts?search=${encodeURIComponent(LIGHTHOUSE_FIELDS.title)}&limit=50`,
    )
    expect(found.body.data.map((p: { _id: string }) => p._id)).toContain(l.id)

    // The owner: both versions, in their book page and My Listings.
    const own = await get(`/get/Single/Podcast?PodcastId=${l.id}`, l.author.token)
    expect(own.body.data.pendingChanges.fields.title).toBe('The Last Lighthouse')
    const mine = await get(`/get/all/podcasts?createBy=${l.author.id}&limit=50`, l.author.token)
    expect(mine.body.data[0]).toMatchObject({
      title: LIGHTHOUSE_FIELDS.title,
      pendingChanges: { status: 'pending' },
    })

    // A second edit while the first waits is merged into it.
    await l.edit({ publisher: 'Lantern Press' })
    const merged = (await get(`/get/Single/Podcast?PodcastId=${l.id}`, l.author.token)).body.data
      .pendingChanges
    expect(merged.fields).toEqual({ publisher: 'Lantern Press', title: 'The Last Lighthouse' })

    // The moderation queue lists it beside new listings.
    const queue = await get('/admin/podcasts?status=0&limit=50', l.admin.token)
    const waiting = queue.body.data.find((p: { _id: string }) => p._id === l.id)
    expect(waiting).toMatchObject({ status: 1, pendingChanges: { status: 'pending' } })
  })

  it('approving swaps the versions: the edit is public, the replaced cover removed, one audit entry', async () => {
    const l = await liveListing()
    const edited = await l.edit({ publisher: 'Tide Books' }, {})
    const newCover = edited.body.data.pendingChanges.fields.bookCoverImage as string
    expect(newCover).toBeTruthy()
    expect(edited.body.data.bookCoverImage).toBe(l.cover)
    expect(await mediaFiles()).toContain(path.basename(newCover))

    expect((await l.moderate({ podcastId: l.id, status: 1 })).status).toBe(200)
    const seen = (await get(`/get/Single/Podcast?PodcastId=${l.id}`)).body.data
    expect(seen).toMatchObject({ status: 1, publisher: 'Tide Books', bookCoverImage: newCover })
    const own = (await get(`/get/Single/Podcast?PodcastId=${l.id}`, l.author.token)).body.data
    expect(own.pendingChanges).toBeNull()
    const files = await mediaFiles()
    expect(files).toContain(path.basename(newCover))
    expect(files).not.toContain(path.basename(l.cover))
    expect((await audit(l.id)).at(-1)).toEqual({
      action: 'listing.moderate',
      before: { status: 1, statusComment: '', changes: 'pending' },
      after: { status: 1, statusComment: '', changes: 'applied' },
    })
  })

  it('rejecting keeps the live version public and shows the owner the rejected edit with the comment', async () => {
    const l = await liveListing()
    const edited = await l.edit({ publisher: 'Tide Books' }, {})
    const stagedCover = edited.body.data.pendingChanges.fields.bookCoverImage as string
    expect((await l.moderate({ podcastId: l.id, status: 2, statusComment: 'Wrong publisher' })).status).toBe(
      200,
    )

    const seen = (await get(`/get/Single/Podcast?PodcastId=${l.id}`)).body.data
    expect(seen).toMatchObject({ status: 1, publisher: LIGHTHOUSE_FIELDS.publisher, bookCoverImage: l.cover })
    const own = (await get(`/get/Single/Podcast?PodcastId=${l.id}`, l.author.token)).body.data
    expect(own.pendingChanges).toMatchObject({
      status: 'rejected',
      statusComment: 'Wrong publisher',
      fields: { publisher: 'Tide Books' },
    })
    // The rejected edit's cover is gone; the live one stays.
    const files = await mediaFiles()
    expect(files).not.toContain(path.basename(stagedCover))
    expect(files).toContain(path.basename(l.cover))
    // It left the queue; a new edit starts afresh.
    const queue = await get('/admin/podcasts?status=0&limit=50', l.admin.token)
    expect(queue.body.data.map((p: { _id: string }) => p._id)).not.toContain(l.id)
    await l.edit({ year_published: '2019' })
    const again = (await get(`/get/Single/Podcast?PodcastId=${l.id}`, l.author.token)).body.data
      .pendingChanges
    expect(again).toMatchObject({ status: 'pending', statusComment: '', fields: { year_published: 2019 } })
  })

  it('edits a listing that is not live in place, back to pending, as before', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const created = (await call('POST', '/create/podcast', author.token, form(LIGHTHOUSE_FIELDS))).body.data
    const res = await call(
      'PUT',
      `/update/podcast?podcastId=${created._id}`,
      author.token,
      form({ publisher: 'Tide Books' }, { bookCoverImage: null }),
    )
    expect(res.body.data).toMatchObject({ status: 0, publisher: 'Tide Books', pendingChanges: null })
  })
})
