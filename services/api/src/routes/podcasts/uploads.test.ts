import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdir, readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { TestApp } from '../../test/test-app.js'
import { injectCall } from '../../test/inject-call.js'
import { buildListingTestApp } from '../../test/listing-app.js'
import { bigBlankPng, mp3At24kHz } from '../../test/media-fixtures.js'
import {
  LIGHTHOUSE_REQUIRED_FIELDS,
  listingForm,
  unlimitedAuthor,
  type ListingFiles,
} from '../../test/listing-fixtures.js'
import { STREAMED_FORM_TYPE, endlessForm, partHead } from '../../test/streamed-form.js'

/**
 * Issue 12, uploads: a podblurb's length is measured from its frames, a multipart body is cut off at the most a
 * listing can carry, and every refusal names its real reason. Each refusal leaves no row and no file.
 */
let t: TestApp
let png: Buffer
beforeAll(async () => ({ t, png } = await buildListingTestApp()))
afterAll(async () => t?.close())
const call = injectCall(() => t.app)

const fields = LIGHTHOUSE_REQUIRED_FIELDS
const form = (files: ListingFiles = {}, extra: Record<string, string> = {}) =>
  listingForm({ ...fields, ...extra }, png, files)

const create = (token: string, payload: FormData) => call('POST', '/create/podcast', token, payload)

/** Rows, stored files and temporary uploads: a refused request must change none of them. */
async function stored() {
  const list = (dir: string) => readdir(dir).catch(() => [] as string[])
  const { n } = await t.app.db
    .selectFrom('podcasts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return {
    podcasts: Number(n),
    images: (await list(path.join(t.config.media.dir, 'images'))).length,
    audio: (await list(path.join(t.config.media.dir, 'audio'))).length,
    tmp: (await list(path.join(t.config.dataDir, 'tmp'))).length,
  }
}

describe('the podblurb length limit, measured from the frames', () => {
  it('accepts exactly 300.0 s of sound and refuses one frame more (300.024 s) and 300.1 s', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const exact = await create(author.token, form({ book: mp3At24kHz(12_500) }))
    expect(exact.status).toBe(201)
    expect(exact.body.data.episodes[0].duration).toBe(300)
    // As LAME writes 300.0 s of sound: 12,503 frames, less its 576 samples of delay and 1,152 of padding.
    const lame = mp3At24kHz(12_503, { xingFrames: 12_503, delay: 576, padding: 1152 })
    const encoded = await create(author.token, form({ book: lame }))
    expect(encoded.status).toBe(201)
    expect(encoded.body.data.episodes[0].duration).toBe(300)

    const before = await stored()
    const over = [
      mp3At24kHz(12_501),
      // 300.12 s whose LAME tag claims the most delay and padding it can hold: at most 90 ms are taken off.
      mp3At24kHz(12_505, { xingFrames: 12_505, delay: 4095, padding: 4095 }),
    ]
    for (const podcast of over) {
      const res = await create(author.token, form({ book: podcast }))
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Audio must be 5 minutes or less.')
    }
    expect(await stored()).toEqual(before)
  })

  it('refuses a 1,500 s MP3 whose Xing header was edited to claim 72 s, and the same without a header', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const before = await stored()
    const forged = await create(author.token, form({ book: mp3At24kHz(62_500, { xingFrames: 3000 }) }))
    expect(forged.status).toBe(400)
    expect(forged.body.message).toBe(
      'The MP3 header says the audio lasts 72.0 s, but it lasts 1500.0 s. Please export the file again.',
    )
    const bare = await create(author.token, form({ book: mp3At24kHz(62_500) }))
    expect(bare.body.message).toBe('Audio must be 5 minutes or less.')
    expect(await stored()).toEqual(before)
  })

  it('accepts a real LAME VBR file (ID3v2, Xing and LAME tags, ID3v1) with its length from its frames', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const lame = await readFile(
      path.resolve(import.meta.dirname, '../../../../core/src/media/fixtures/lame-vbr-20s.mp3'),
    )
    const res = await create(author.token, form({ book: lame }))
    expect(res.status).toBe(201)
    expect(res.body.data.episodes[0].duration).toBeCloseTo(20.07, 2)
  })

  it('refuses an MP3 with non-audio bytes between its frames', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const before = await stored()
    const junk = Buffer.from(Array.from({ length: 10_000 }, (_, i) => ((i * 7919) % 251) + 1))
    const res = await create(
      author.token,
      form({ book: Buffer.concat([mp3At24kHz(2000), junk, mp3At24kHz(2000)]) }),
    )
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      'The MP3 file contains data that is not audio. Please export it again as a plain MP3.',
    )
    expect(await stored()).toEqual(before)
  })
})

describe('the whole multipart body is capped', () => {
  const streamed = (
    token: string,
    body: ReturnType<typeof endlessForm>,
    headers: Record<string, string> = {},
  ) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/v1/create/podcast',
        headers: { authorization: `Bearer ${token}`, 'content-type': STREAMED_FORM_TYPE, ...headers },
        payload: body.stream,
      })
      .then((r) => ({ status: r.statusCode, body: r.json() }))

  it('stops reading a 50 MB form (no length given) once it passes the 10.7 MB a listing can be: 413, nothing stored', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const before = await stored()
    const body = endlessForm(partHead('description'), 50 * 1024 * 1024)
    const res = await streamed(author.token, body)
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The upload is too large: this form takes at most 10.7 MB in all.',
    })
    expect(body.sent()).toBeLessThan(11_206_656 + 1024 * 1024)
    expect(await stored()).toEqual(before)
  })

  it('refuses a declared 2 GB body over a real connection before reading it, and closes the connection', async () => {
    const author = await unlimitedAuthor(t.app.db)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const answer = await new Promise<{ status?: number; connection?: string; body: string; closed: boolean }>(
      (resolve) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/create/podcast',
          headers: {
            authorization: `Bearer ${author.token}`,
            'content-type': STREAMED_FORM_TYPE,
            'content-length': String(2 * 1024 ** 3),
          },
        })
        // Without an answer (the server waiting for 2 GB), give up after a few seconds.
        const timer = setTimeout(() => req.destroy(), 5000)
        req.on('error', () => resolve({ body: '', closed: false }))
        req.on('response', (res) => {
          let body = ''
          res.setEncoding('utf8').on('data', (d: string) => (body += d))
          res.on('end', () => {
            const status = res.statusCode
            const connection = res.headers.connection
            // The server, not us, ends the connection: it will not read the body it refused.
            req.socket?.once('close', () => {
              clearTimeout(timer)
              resolve({ status, connection, body, closed: true })
            })
          })
        })
        req.flushHeaders()
      },
    )
    expect(answer).toMatchObject({ status: 413, connection: 'close', closed: true })
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
  })

  it('refuses too many fields and too many files with 413, and a field over 16 KB with 400, naming the limit', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const before = await stored()
    const manyFields = form()
    for (let i = 0; i < 41; i++) manyFields.append(`extra${i}`, 'x')
    expect((await create(author.token, manyFields)).body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Too many form fields (at most 40).',
    })
    const manyFiles = form({ authorImage: png, book: mp3At24kHz(100) })
    manyFiles.append('bookCoverImage', new Blob([png]), 'second.png')
    const files = await create(author.token, manyFiles)
    expect(files.status).toBe(413)
    expect(files.body.message).toBe('Too many files in the form (at most 3).')
    const longField = await create(author.token, form({}, { transcript: 'word '.repeat(4000) }))
    expect(longField.status).toBe(400)
    expect(longField.body.message).toBe('The form field "transcript" is too long (at most 16 KB).')
    expect(await stored()).toEqual(before)
  })
})

describe('each refusal names its real reason', () => {
  const streamedFile = (token: string, field: string, bytes: number) => {
    const body = endlessForm(partHead(field, 'upload.bin'), bytes)
    return t.app
      .inject({
        method: 'POST',
        url: '/api/v1/create/podcast',
        headers: { authorization: `Bearer ${token}`, 'content-type': STREAMED_FORM_TYPE },
        payload: body.stream,
      })
      .then((r) => ({ status: r.statusCode, body: r.json(), sent: body.sent() }))
  }

  it('a cover streamed without end gets the cover message after 2 MB (not the audio one); likewise each file', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const before = await stored()
    const cases: Array<[string, number, string]> = [
      ['bookCoverImage', 2 * 1024 * 1024, 'Book image must be less than 2MB'],
      ['authorImage', 1024 * 1024, 'Author image must be less than 1MB'],
      ['podcast', 7_340_032, 'File size must be 7MB or less.'],
    ]
    for (const [field, limit, message] of cases) {
      const res = await streamedFile(author.token, field, 50 * 1024 * 1024)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
      // Read up to the file's own limit, not to the end of the 50 MB.
      expect(res.sent).toBeLessThan(limit + 1024 * 1024)
    }
    expect(await stored()).toEqual(before)
  })

  it('an image over 40 megapixels, a damaged image and a non-image each get their own message', async () => {
    const author = await unlimitedAuthor(t.app.db)
    const before = await stored()
    const huge = await create(author.token, form({ bookCoverImage: bigBlankPng(10_000, 5000) }))
    expect(huge.status).toBe(400)
    expect(huge.body.message).toBe(
      'Book image is too large: 10000 × 5000 pixels (at most 40 megapixels, e.g. 8000 × 5000).',
    )
    const damaged = await create(author.token, form({ authorImage: png.subarray(0, png.length / 2) }))
    expect(damaged.body.message).toBe('Author image could not be read: the file is damaged or incomplete.')
    const pdf = await create(author.token, form({ bookCoverImage: Buffer.from('%PDF-1.4 not an image') }))
    expect(pdf.body.message).toBe('Invalid file type (Only JPEG, PNG, GIF, WEBP allowed)')
    const pngAsMp3 = await create(author.token, form({ book: png }))
    expect(pngAsMp3.body.message).toBe('Only MP3 files are allowed.')
    expect(await stored()).toEqual(before)
    // An image at the pixel limit is fine.
    expect((await create(author.token, form({ bookCoverImage: bigBlankPng(8000, 5000) }))).status).toBe(201)
  })
})
