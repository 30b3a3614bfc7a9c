import { buildUser } from '@bookstrut/accounts/testing'
import { grantMembership, PLANS } from './memberships.js'

/**
 * One book an author lists in the api tests: the fields a listing form must carry, and the same with the optional
 * ones most tests also send. Shared so every test that lists a book posts the same, valid values.
 */
export const LIGHTHOUSE_REQUIRED_FIELDS = {
  title: 'The Lighthouse Keeper',
  author: 'Mara Quill',
  categoryName: 'Literary Fiction',
  primary_key: 'A lonely keeper guards a light on a remote island',
  secondary_key: 'A shipwreck brings a stranger with a secret to the shore',
  additional_key: 'Grief slowly gives way to an unlikely friendship',
  description:
    'On a wind-battered island a keeper tends the last manual lighthouse of the coast, until a storm brings a stranger.',
  get_this_url: 'books.example/lighthouse',
}

export const LIGHTHOUSE_FIELDS = {
  ...LIGHTHOUSE_REQUIRED_FIELDS,
  publisher: 'Harbour Press',
  year_published: '2021',
  language: 'en-US',
}

/** The files a listing form may carry; a `null` cover sends none (an edit that keeps the stored one). */
export type ListingFiles = {
  bookCoverImage?: Buffer | null
  authorImage?: Buffer
  book?: Buffer
  bookName?: string
}

/** The multipart body of a listing: the text fields, then the cover (`cover` unless `files` names another), the author image and the podblurb. */
export function listingForm(values: Record<string, string>, cover: Buffer, files: ListingFiles = {}) {
  const fd = new FormData()
  Object.entries(values).forEach(([k, v]) => fd.append(k, v))
  const coverImage = files.bookCoverImage === undefined ? cover : files.bookCoverImage
  if (coverImage) fd.append('bookCoverImage', new Blob([coverImage]), 'cover.png')
  if (files.authorImage) fd.append('authorImage', new Blob([files.authorImage]), 'author.png')
  if (files.book)
    fd.append('podcast', new Blob([files.book], { type: 'audio/mpeg' }), files.bookName ?? 'blurb.mp3')
  return fd
}

/** An author on the unlimited plan, so that one author can list many books in a test. */
export async function unlimitedAuthor(db: Parameters<typeof buildUser>[0]) {
  const author = await buildUser(db, { role: 'author' })
  await grantMembership(db, author.id, {
    id: author.id,
    planId: PLANS.elite,
    price: '24.99',
    bookLimit: -1,
    expiry: null,
  })
  return author
}
