import { sql, type ExpressionBuilder } from 'kysely'
import { accountWeight, newId, type DB, type DbOrTx } from '@bookstrut/core'
import type { FoundItConfirmationRow } from './found-it.tables.js'
import { areSimilarIdeas } from '@bookstrut/schemas'
import type { AgreedIdea, Confirmation } from '../found-it/agreement.js'

export interface NewConfirmation {
  id: string
  userId: string
  bookId: string
  ideaKey: string
  idea: string
  network: string
  rank: number
  score: number
  now: Date
}

/**
 * Stores confirmations; one that exists (same reader, book and idea key) is kept as it is. Answers every row of
 * the given keys, new or earlier, so a repeated request queues the very same events again.
 */
export async function addConfirmations(
  db: DbOrTx,
  rows: readonly NewConfirmation[],
): Promise<FoundItConfirmationRow[]> {
  if (rows.length === 0) return []
  await db
    .insertInto('found_it_confirmations')
    .values(
      rows.map((r) => ({
        id: r.id,
        user_id: r.userId,
        podcast_id: r.bookId,
        idea_key: r.ideaKey,
        idea: r.idea,
        network: r.network,
        rank: r.rank,
        score: r.score,
        created_at: r.now,
      })),
    )
    .onConflict((oc) => oc.constraint('found_it_confirmations_once').doNothing())
    .execute()
  return confirmationsOf(db, {
    userId: rows[0]!.userId,
    bookId: rows[0]!.bookId,
    ideaKeys: rows.map((r) => r.ideaKey),
  })
}

/** One reader's confirmations of one book for some of its idea keys. */
export interface ReaderBookIdeas {
  userId: string
  bookId: string
  ideaKeys: readonly string[]
}

/** The rows of `of` (its idea keys non-empty): what confirmationsOf reads and removeConfirmations removes. */
const rowsOf = (of: ReaderBookIdeas) => (eb: ExpressionBuilder<DB, 'found_it_confirmations'>) =>
  eb.and([eb('user_id', '=', of.userId), eb('podcast_id', '=', of.bookId), eb('idea_key', 'in', of.ideaKeys)])

export async function confirmationsOf(db: DbOrTx, of: ReaderBookIdeas): Promise<FoundItConfirmationRow[]> {
  if (of.ideaKeys.length === 0) return []
  return db.selectFrom('found_it_confirmations').selectAll().where(rowsOf(of)).orderBy('idea_key').execute()
}

/** Removes a reader's confirmations of a book for the given idea keys; answers the rows removed. */
export async function removeConfirmations(
  db: DbOrTx,
  of: ReaderBookIdeas,
): Promise<FoundItConfirmationRow[]> {
  if (of.ideaKeys.length === 0) return []
  return db.deleteFrom('found_it_confirmations').where(rowsOf(of)).returningAll().execute()
}

/** Every standing confirmation of one book, as the agreement rule reads them. */
export async function bookConfirmations(db: DbOrTx, bookId: string): Promise<Confirmation[]> {
  const rows = await db
    .selectFrom('found_it_confirmations')
    .innerJoin('users', 'users.id', 'found_it_confirmations.user_id')
    .select([
      'found_it_confirmations.user_id',
      'found_it_confirmations.idea_key',
      'found_it_confirmations.idea',
      'found_it_confirmations.network',
      'found_it_confirmations.created_at',
      'users.created_at as account_created_at',
    ])
    .where('found_it_confirmations.podcast_id', '=', bookId)
    .execute()
  return rows.map((r) => ({
    userId: r.user_id,
    ideaKey: r.idea_key,
    idea: r.idea,
    network: r.network,
    createdAt: r.created_at,
    weight: accountWeight(r.account_created_at, r.created_at),
  }))
}

/** Distinct readers whose confirmation of the book stands. */
export async function bookReaders(db: DbOrTx, bookId: string): Promise<number> {
  const row = await db
    .selectFrom('found_it_confirmations')
    .select(sql<number>`count(distinct user_id)::int`.as('readers'))
    .where('podcast_id', '=', bookId)
    .executeTakeFirstOrThrow()
  return row.readers
}

/**
 * Makes the book's stored agreed ideas follow `agreed` (in one transaction by the caller), keeping the moderation
 * queue's word on each (issue 45): a new idea waits as pending; a known one keeps its status, id and time and gets
 * its new readers and networks (an approved one keeps the wording the admin approved). An idea no longer agreed
 * leaves unless it was rejected or withdrawn: those stay, so the same idea (or a near-duplicate) agreed again is not
 * queued again. Answers whether the approved ideas changed (one lost its agreement), i.e. whether the book must be
 * embedded again; a pending idea is no passage, so queueing one changes nothing there.
 */
export async function replaceAgreedIdeas(
  db: DbOrTx,
  bookId: string,
  agreed: readonly AgreedIdea[],
  now: Date,
): Promise<boolean> {
  const stored = await db
    .selectFrom('book_found_ideas')
    .selectAll()
    .where('podcast_id', '=', bookId)
    .execute()
  const ruledOut = stored.filter((r) => r.status === 'rejected' || r.status === 'withdrawn')
  const kept = new Set<string>()
  for (const a of agreed) {
    const same =
      stored.find((r) => r.idea_key === a.ideaKey) ??
      ruledOut.find((r) => areSimilarIdeas(r.idea_key, a.ideaKey))
    if (same) {
      kept.add(same.idea_key)
      await db
        .updateTable('book_found_ideas')
        .set({
          readers: a.readers,
          networks: a.networks,
          ...(same.status === 'pending' ? { idea: a.idea } : {}),
        })
        .where('podcast_id', '=', bookId)
        .where('idea_key', '=', same.idea_key)
        .execute()
      continue
    }
    kept.add(a.ideaKey)
    await db
      .insertInto('book_found_ideas')
      .values({
        id: newId(now.getTime()),
        podcast_id: bookId,
        idea_key: a.ideaKey,
        idea: a.idea,
        readers: a.readers,
        networks: a.networks,
        agreed_at: now,
      })
      .execute()
  }
  const gone = stored.filter(
    (r) => !kept.has(r.idea_key) && (r.status === 'pending' || r.status === 'approved'),
  )
  if (gone.length > 0)
    await db
      .deleteFrom('book_found_ideas')
      .where('podcast_id', '=', bookId)
      .where(
        'idea_key',
        'in',
        gone.map((r) => r.idea_key),
      )
      .execute()
  return gone.some((r) => r.status === 'approved')
}

export interface StoredAgreedIdea {
  ideaKey: string
  idea: string
  readers: number
  agreedAt: Date
}

/** A book's approved agreed ideas (the only ones anybody but an admin sees), most readers first. */
export async function agreedIdeasOf(db: DbOrTx, bookId: string): Promise<StoredAgreedIdea[]> {
  const rows = await db
    .selectFrom('book_found_ideas')
    .select(['idea_key', 'idea', 'readers', 'agreed_at'])
    .where('podcast_id', '=', bookId)
    .where('status', '=', 'approved')
    .orderBy('readers', 'desc')
    .orderBy('idea_key')
    .execute()
  return rows.map((r) => ({ ideaKey: r.idea_key, idea: r.idea, readers: r.readers, agreedAt: r.agreed_at }))
}

/** Every agreed idea with its book's text, by book: what `npm run encoder:pairs` adds as training pairs. */
export async function agreedIdeaPairs(
  db: DbOrTx,
): Promise<{ bookId: string; idea: string; title: string; description: string }[]> {
  return (
    db
      .selectFrom('book_found_ideas')
      .innerJoin('podcasts', 'podcasts.id', 'book_found_ideas.podcast_id')
      .select([
        'book_found_ideas.podcast_id as bookId',
        'book_found_ideas.idea',
        'podcasts.title',
        'podcasts.description',
      ])
      // Only what an admin approved trains the encoder: the rest is readers' words nobody looked at.
      .where('book_found_ideas.status', '=', 'approved')
      .orderBy('book_found_ideas.podcast_id')
      .orderBy('book_found_ideas.idea_key')
      .execute()
  )
}
