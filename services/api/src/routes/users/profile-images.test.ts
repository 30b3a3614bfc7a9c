import { afterAll, beforeAll, expect, it } from 'vitest'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { buildUser } from '@bookstrut/accounts/testing'
import { bigBlankPng, image } from '../../test/media-fixtures.js'
import { STREAMED_FORM_TYPE, endlessForm, partHead } from '../../test/streamed-form.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const put = (id: string, token: string, fd: FormData) =>
  t.app
    .inject({
      method: 'PUT',
      url: `/api/v1/update/user?id=${id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: fd,
    })
    .then((r) => ({ status: r.statusCode, body: r.json() }))
const images = () => readdir(path.join(t.config.media.dir, 'images')).catch(() => [] as string[])

it('takes the multipart profile form with profile and banner images, replacing the old files', async () => {
  const author = await buildUser(t.app.db, { role: 'author' })
  const first = new FormData()
  first.append('first_name', 'Mara')
  first.append('bio', 'Writes about the sea.')
  first.append(
    'websiteAndSocialLinks',
    JSON.stringify(['https://mara.example', 'https://social.example/mara']),
  )
  first.append('profile', new Blob([await image('png', 300, 300)]), 'me.png')
  first.append('banner', new Blob([await image('jpeg', 1430, 500)]), 'banner.jpg')
  const res = await put(author.id, author.token, first)
  expect(res.status).toBe(200)
  expect(res.body.data).toMatchObject({
    first_name: 'Mara',
    bio: 'Writes about the sea.',
    websiteAndSocialLinks: ['https://mara.example', 'https://social.example/mara'],
  })
  expect(res.body.data.profileImage).toMatch(/^\/media\/images\/profile-[0-9a-f]{24}\.webp$/)
  expect(res.body.data.bannerImage).toMatch(/^\/media\/images\/banner-[0-9a-f]{24}\.webp$/)

  const second = new FormData()
  second.append('profile', new Blob([await image('webp', 200, 200)]), 'me2.webp')
  const again = await put(author.id, author.token, second)
  expect(again.body.data.bannerImage).toBe(res.body.data.bannerImage)
  const files = await images()
  expect(files).not.toContain(path.basename(res.body.data.profileImage))
  expect(files).toContain(path.basename(again.body.data.profileImage))
})

it('refuses a file that is not an image, a too-large profile image, and a blocked user, changing nothing', async () => {
  const reader = await buildUser(t.app.db, { role: 'reader' })
  const before = await images()
  const notImage = new FormData()
  notImage.append('first_name', 'Changed')
  notImage.append('profile', new Blob([Buffer.from('%PDF-1.4 not an image')]), 'me.png')
  const bad = await put(reader.id, reader.token, notImage)
  expect(bad.status).toBe(400)
  expect(bad.body.message).toBe('Invalid file type (Only JPEG, PNG, GIF, WEBP allowed)')

  const big = new FormData()
  big.append('profile', new Blob([Buffer.concat([await image('png'), Buffer.alloc(1024 * 1024)])]), 'big.png')
  expect((await put(reader.id, reader.token, big)).body.message).toBe('File size should be less than 1MB.')

  const row = await t.app.db
    .selectFrom('users')
    .select(['first_name', 'profile_image'])
    .where('id', '=', reader.id)
    .executeTakeFirstOrThrow()
  expect(row).toEqual({ first_name: 'Test', profile_image: null })
  expect(await images()).toEqual(before)

  const blocked = await buildUser(t.app.db, { role: 'author', blocked: true })
  const fd = new FormData()
  fd.append('profile', new Blob([await image('png')]), 'me.png')
  const refused = await put(blocked.id, blocked.token, fd)
  expect(refused.status).toBe(403)
  expect(refused.body.code).toBe('BLOCKED')
  expect(await images()).toEqual(before)
})

it('names the real reason for a refused profile or banner image, and stops reading one sent without end', async () => {
  const author = await buildUser(t.app.db, { role: 'author' })
  const before = await images()
  const withFile = async (field: 'profile' | 'banner', bytes: Buffer) => {
    const fd = new FormData()
    fd.append(field, new Blob([bytes]), 'image.png')
    return put(author.id, author.token, fd)
  }
  const huge = await withFile('banner', bigBlankPng(12_000, 4000))
  expect(huge.status).toBe(400)
  expect(huge.body.message).toBe(
    'Banner image is too large: 12000 × 4000 pixels (at most 40 megapixels, e.g. 8000 × 5000).',
  )
  const png = await image('png')
  expect((await withFile('profile', png.subarray(0, png.length / 2))).body.message).toBe(
    'Profile image could not be read: the file is damaged or incomplete.',
  )

  /** The author's profile update with a form streamed without end. */
  const streamUpdate = (form: ReturnType<typeof endlessForm>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/update/user?id=${author.id}`,
      headers: { authorization: `Bearer ${author.token}`, 'content-type': STREAMED_FORM_TYPE },
      payload: form.stream,
    })
  const body = endlessForm(partHead('banner', 'banner.png'), 50 * 1024 * 1024)
  const endless = await streamUpdate(body)
  expect(endless.statusCode).toBe(400)
  expect(endless.json().message).toBe('File size should be less than 2MB.')
  expect(body.sent()).toBeLessThan(3 * 1024 * 1024)

  const manyFields = endlessForm(partHead('bio'), 50 * 1024 * 1024)
  const tooBig = await streamUpdate(manyFields)
  expect(tooBig.statusCode).toBe(413)
  expect(tooBig.json().message).toBe('The upload is too large: this form takes at most 3.7 MB in all.')
  expect(manyFields.sent()).toBeLessThan(5 * 1024 * 1024)

  const row = await t.app.db
    .selectFrom('users')
    .select(['profile_image', 'banner_image', 'bio'])
    .where('id', '=', author.id)
    .executeTakeFirstOrThrow()
  expect(row).toEqual({ profile_image: null, banner_image: null, bio: '' })
  expect(await images()).toEqual(before)
})

it('limits profile updates that carry an image to 20 an hour per account: then 429, nothing decoded or stored', async () => {
  const author = await buildUser(t.app.db, { role: 'author' })
  // 19 of the hour's 20 spent already (each a decode and re-encode); the 20th goes through.
  for (let i = 0; i < 19; i++) await t.app.limits.count('profileImageUploadsPerAccount', author.id)
  const withImage = async () => {
    const fd = new FormData()
    fd.append('profile', new Blob([await image('png', 300, 300)]), 'me.png')
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/update/user?id=${author.id}`,
      headers: { authorization: `Bearer ${author.token}` },
      payload: fd,
    })
  }
  expect((await withImage()).statusCode).toBe(200)
  const before = await images()
  const refused = await withImage()
  expect(refused.statusCode).toBe(429)
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  expect(await images()).toEqual(before)
  // An update without an image is not counted.
  const fd = new FormData()
  fd.append('bio', 'Still here.')
  expect((await put(author.id, author.token, fd)).status).toBe(200)
  // Another account's id (forged) is refused before anything is counted or read.
  const other = await buildUser(t.app.db, { role: 'author' })
  const forged = new FormData()
  forged.append('profile', new Blob([await image('png', 300, 300)]), 'me.png')
  expect((await put(other.id, author.token, forged)).status).toBe(403)
})
