import { newId } from '../ids.js'
import type { Db } from '../db/database.js'
import type { NewBook, BookRow } from '../db/catalogue.tables.js'
import { insertUser } from './user-row.js'

let seq = 0

/** What a test says about a listing; every column has a default. `ideas` fills the three idea columns. */
export type ListingFields = Partial<Omit<NewBook, 'primary_key' | 'secondary_key' | 'additional_key'>> & {
  ideas?: [string, string, string]
}

/**
 * The row of a listing owned by `createBy`, with a default for every column the test does not give: for tests
 * and benches that insert many at once. `buildListing` writes one.
 */
export function listingRow(createBy: string, fields: ListingFields = {}): NewBook {
  const { ideas, ...columns } = fields
  const now = new Date()
  const title = columns.title ?? `Title ${++seq}`
  return {
    id: newId(),
    create_by: createBy,
    title,
    author: 'Test Author',
    category_name: 'Fiction',
    description: `About ${title}.`,
    ...(ideas ? { primary_key: ideas[0], secondary_key: ideas[1], additional_key: ideas[2] } : {}),
    year_published: null,
    isbn: null,
    language: 'en',
    youtube_url: null,
    tiktok_url: null,
    get_this_url: null,
    book_cover_image: null,
    author_image: null,
    status: 1,
    created_at: now,
    updated_at: now,
    ...columns,
  }
}

/**
 * Factory: a listing written straight to the database (listing journeys themselves are tested in
 * the api's routes/podcasts), approved unless `status` says otherwise, owned by a fresh publisher unless `create_by` is
 * given. It is not announced: a test that needs it embedded or indexed announces it. Returns the stored row.
 */
export async function buildListing(db: Db, fields: ListingFields = {}): Promise<BookRow> {
  const createBy = fields.create_by ?? (await insertUser(db, { role: 'publisher' }))
  return db
    .insertInto('podcasts')
    .values(listingRow(createBy, fields))
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Factory: a podblurb (episode) of `seconds` for a listing, without a file; returns its id. */
export async function buildEpisode(db: Db, bookId: string, seconds: number): Promise<string> {
  const id = newId()
  await db
    .insertInto('episodes')
    .values({
      id,
      podcast_id: bookId,
      duration: seconds,
      file_url: null,
      transcript: null,
      year_published: null,
      created_at: new Date(),
    })
    .execute()
  return id
}
