import { effectivePlan, membershipsRepo } from '@bookstrut/billing'
import type { UserRow } from '@bookstrut/accounts'
import { AppError, badRequest, newId, notFound, type BookUpdate, type MediaStore } from '@bookstrut/core'
import {
  EDIT_WINDOW_MS,
  LISTING_FIELDS,
  LOCKED_FIELDS,
  PAID_ONLY_FIELDS,
  validateListing,
  type ListingField,
  type ListingValues,
  type Podcast,
} from '@bookstrut/schemas'
import { announceBookChanges } from '../book-changes.js'
import { toPodcast } from '../book-record.js'
import * as booksRepo from '../db/books.repository.js'
import type { CatalogueDeps, ListingDeps } from '../deps.js'
import type { ListingForm } from './listing-form.js'

function refuseInvalid(errors: Array<{ field: string; message: string }>) {
  const first = errors[0]
  if (first) throw badRequest(first.message, { errors })
}

/** The plan decides how many books an account may list (-1: no limit) and whether paid-only links show. */
async function planOf(deps: CatalogueDeps, user: UserRow) {
  const now = deps.clock.now()
  await membershipsRepo.ensureFreeMembership(deps.db, user.id, now)
  // The plan in effect: an expired paid plan lists like the free plan (its existing listings stay).
  const plan = await effectivePlan(deps.db, user.id, now)
  return { bookLimit: plan.bookLimit, isFree: plan.price === 0 }
}

function assertPaidFields(values: Partial<ListingValues>, isFree: boolean) {
  if (isFree && PAID_ONLY_FIELDS.some((f) => values[f])) {
    throw new AppError(403, 'PAID_FEATURE', 'YouTube and TikTok links are available on paid plans.')
  }
}

const limitReached = (bookLimit: number) =>
  new AppError(
    403,
    'PLAN_LIMIT',
    `Your plan allows ${bookLimit} ${bookLimit === 1 ? 'book' : 'books'}. Please upgrade your plan to continue.`,
    { bookLimit },
  )

/** Stores the form's files; if any is refused, the ones already stored are removed again. */
async function storeFiles(media: MediaStore, form: ListingForm) {
  const stored: { cover?: string; authorImage?: string; audio?: { url: string; durationSeconds: number } } =
    {}
  try {
    if (form.cover) stored.cover = await media.saveImage(form.cover, 'cover')
    if (form.authorImage) stored.authorImage = await media.saveImage(form.authorImage, 'author')
    if (form.audioPath) stored.audio = await media.saveAudio(form.audioPath)
    return stored
  } catch (err) {
    await removeStored(media, stored)
    throw err
  }
}

const removeStored = (media: MediaStore, stored: Awaited<ReturnType<typeof storeFiles>>) =>
  Promise.all([media.remove(stored.cover), media.remove(stored.authorImage), media.remove(stored.audio?.url)])

const episodeYear = (form: ListingForm, fallback: number | null) => {
  const y = Number(form.extra['episodes[0][year_published]'])
  return Number.isInteger(y) && y >= 1000 ? y : fallback
}

/**
 * Creates a pending listing with its podblurb. Everything is checked before anything is stored, files are
 * stored before the rows, and a failure at any step leaves neither rows nor files behind.
 */
export async function createListing(deps: ListingDeps, user: UserRow, form: ListingForm): Promise<Podcast> {
  const now = deps.clock.now()
  const { values, errors } = validateListing(form.fields, LISTING_FIELDS, now)
  refuseInvalid([
    ...errors,
    ...(form.cover ? [] : [{ field: 'bookCoverImage', message: 'Book image is required' }]),
  ])
  const v = values as ListingValues
  const plan = await planOf(deps, user)
  assertPaidFields(v, plan.isFree)
  if (plan.bookLimit > 0 && (await booksRepo.countOwnedBooks(deps.db, user.id)) >= plan.bookLimit)
    throw limitReached(plan.bookLimit)

  const stored = await storeFiles(deps.media, form)
  const bookId = newId(now.getTime())
  try {
    await deps.db.transaction().execute(async (trx) => {
      // The authoritative limit check, serialised per user so two uploads at once cannot both pass.
      await booksRepo.lockUserForListing(trx, user.id)
      if (plan.bookLimit > 0 && (await booksRepo.countOwnedBooks(trx, user.id)) >= plan.bookLimit)
        throw limitReached(plan.bookLimit)
      await booksRepo.insertBook(trx, {
        id: bookId,
        create_by: user.id,
        title: v.title,
        author: v.author,
        category_name: v.categoryName,
        description: v.description,
        primary_key: v.primary_key,
        secondary_key: v.secondary_key,
        additional_key: v.additional_key,
        publisher: v.publisher,
        year_published: v.year_published,
        isbn: v.ISBN,
        language: v.language,
        youtube_url: v.youtube_url,
        tiktok_url: v.tiktok_url,
        get_this_url: v.get_this_url,
        book_cover_image: stored.cover ?? null,
        author_image: stored.authorImage ?? null,
        status: 0,
        created_at: now,
        updated_at: now,
      })
      await booksRepo.insertEpisode(trx, {
        id: newId(now.getTime()),
        podcast_id: bookId,
        part: 1,
        title: v.title,
        file_url: stored.audio?.url ?? null,
        duration: stored.audio?.durationSeconds ?? 0,
        transcript: form.extra.transcript?.trim() || null,
        year_published: episodeYear(form, v.year_published),
        created_at: now,
      })
    })
  } catch (err) {
    await removeStored(deps.media, stored)
    throw err
  }
  // Its vectors and its entry in an external keyword index are brought up to date in the background.
  await announceBookChanges(deps.queues, [{ id: bookId, updatedAt: now }], {
    surfaceIndex: Boolean(deps.config.search.meili),
  })
  return loadBook(deps, bookId)
}

async function loadBook(deps: CatalogueDeps, id: string): Promise<Podcast> {
  const row = await booksRepo.findBook(deps.db, id)
  if (!row) throw notFound('Podcast not found')
  return toPodcast(row)
}

/** The stored value of a field, as the form would send it, to tell changed fields from unchanged ones. */
function currentValue(row: booksRepo.BookWithEpisodes, field: ListingField): string {
  const value = {
    title: row.title,
    author: row.author,
    categoryName: row.category_name,
    primary_key: row.primary_key,
    secondary_key: row.secondary_key,
    additional_key: row.additional_key,
    description: row.description,
    publisher: row.publisher,
    get_this_url: row.get_this_url,
    year_published: row.year_published,
    ISBN: row.isbn,
    language: row.language,
    youtube_url: row.youtube_url,
    tiktok_url: row.tiktok_url,
  }[field]
  return value === null ? '' : String(value)
}

const COLUMN: Record<ListingField, keyof BookUpdate> = {
  title: 'title',
  author: 'author',
  categoryName: 'category_name',
  primary_key: 'primary_key',
  secondary_key: 'secondary_key',
  additional_key: 'additional_key',
  description: 'description',
  publisher: 'publisher',
  get_this_url: 'get_this_url',
  year_published: 'year_published',
  ISBN: 'isbn',
  language: 'language',
  youtube_url: 'youtube_url',
  tiktok_url: 'tiktok_url',
}

/**
 * Edits a listing: only changed fields are validated and written. Title, author, category, ideas and
 * description lock 72 hours after creation. A changed listing goes back to moderation (pending). The caller is the
 * listing's owner or an admin (the route's access policy).
 */
export async function updateListing(
  deps: ListingDeps,
  caller: UserRow,
  query: { bookId: string; episodeId?: string },
  form: ListingForm,
): Promise<{ book: Podcast; changed: boolean }> {
  const row = await booksRepo.findBook(deps.db, query.bookId)
  if (!row) throw notFound('Podcast not found')
  const episode = query.episodeId ? row.episodes.find((e) => e.id === query.episodeId) : row.episodes[0]
  if (!episode) throw notFound('Episode not found')

  const now = deps.clock.now()
  const sent = LISTING_FIELDS.filter(
    (f) => form.fields[f] !== undefined && form.fields[f]?.trim() !== currentValue(row, f),
  )
  const { values, errors } = validateListing(form.fields, sent, now)
  refuseInvalid(errors)
  // Normalised values equal to what is stored (e.g. a link given without its scheme) are no change either.
  const changed = sent.filter((f) => String(values[f] ?? '') !== currentValue(row, f))

  const locked = changed.filter((f) => LOCKED_FIELDS.includes(f))
  if (locked.length > 0 && now.getTime() > row.created_at.getTime() + EDIT_WINDOW_MS) {
    throw new AppError(
      403,
      'EDIT_LOCKED',
      'Title, author, category, ideas and description can only be changed within 72 hours of listing.',
      { fields: locked },
    )
  }
  const owner = row.create_by === caller.id ? caller : null
  if (owner && changed.some((f) => PAID_ONLY_FIELDS.includes(f)))
    assertPaidFields(values, (await planOf(deps, owner)).isFree)

  // The transcript (the podblurb's text alternative) is the episode's; an empty one clears it.
  const sentTranscript = form.extra.transcript?.trim()
  const transcript =
    sentTranscript !== undefined && sentTranscript !== (episode.transcript ?? '')
      ? sentTranscript || null
      : undefined
  const hasFiles = Boolean(form.cover ?? form.authorImage ?? form.audioPath)
  if (changed.length === 0 && !hasFiles && transcript === undefined)
    return { book: toPodcast(row), changed: false }

  const stored = await storeFiles(deps.media, form)
  const patch: BookUpdate = { updated_at: now, status: 0, status_comment: '' }
  for (const field of changed) Object.assign(patch, { [COLUMN[field]]: values[field] })
  if (stored.cover) patch.book_cover_image = stored.cover
  if (stored.authorImage) patch.author_image = stored.authorImage
  try {
    await deps.db.transaction().execute(async (trx) => {
      await booksRepo.updateBook(trx, row.id, patch)
      const episodePatch = {
        ...(stored.audio ? { file_url: stored.audio.url, duration: stored.audio.durationSeconds } : {}),
        ...(transcript !== undefined ? { transcript } : {}),
      }
      if (Object.keys(episodePatch).length > 0) await booksRepo.updateEpisode(trx, episode.id, episodePatch)
    })
  } catch (err) {
    await removeStored(deps.media, stored)
    throw err
  }
  // Replaced files go only once the new ones are committed.
  await Promise.all([
    stored.cover ? deps.media.remove(row.book_cover_image) : null,
    stored.authorImage ? deps.media.remove(row.author_image) : null,
    stored.audio ? deps.media.remove(episode.file_url) : null,
  ])
  // Its vectors and its entry in an external keyword index are brought up to date in the background.
  await announceBookChanges(deps.queues, [{ id: row.id, updatedAt: now }], {
    surfaceIndex: Boolean(deps.config.search.meili),
  })
  return { book: await loadBook(deps, row.id), changed: true }
}
