import { sql } from 'kysely'
import { newId, type DbOrTx } from '@bookstrut/core'
import type { CandidateBook, TopicCandidateRow } from '../db/topics.tables.js'

/** A topic candidate as the topics job found it this run: its idea, who backs it and the books its page would list. */
export interface FoundCandidate {
  slug: string
  idea: string
  readers: number
  networks: number
  books: CandidateBook[]
}

/**
 * Stores what this run found. A new slug waits as pending; one the queue knows keeps its status (a rejected or
 * withdrawn one stays so: the job never queues it again) and gets this run's readers, networks and books.
 */
export async function saveCandidates(db: DbOrTx, found: readonly FoundCandidate[], now: Date): Promise<void> {
  if (found.length === 0) return
  await db
    .insertInto('topic_candidates')
    .values(
      found.map((c) => ({
        id: newId(now.getTime()),
        slug: c.slug,
        idea: c.idea,
        readers: c.readers,
        networks: c.networks,
        books: JSON.stringify(c.books),
        seen_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet((eb) => ({
        idea: eb.ref('excluded.idea'),
        readers: eb.ref('excluded.readers'),
        networks: eb.ref('excluded.networks'),
        books: eb.ref('excluded.books'),
        seen_at: eb.ref('excluded.seen_at'),
      })),
    )
    .execute()
}

/** Slugs an admin (or the operator) ruled out: rejected or withdrawn. The job does not even rank them again. */
export async function ruledOutSlugs(db: DbOrTx): Promise<Set<string>> {
  const rows = await db
    .selectFrom('topic_candidates')
    .select('slug')
    .where('status', 'in', ['rejected', 'withdrawn'])
    .execute()
  return new Set(rows.map((r) => r.slug))
}

/** The approved candidates with books, most readers first (then alphabetical): what the public topic set is. */
export const approvedCandidates = (db: DbOrTx, limit: number): Promise<TopicCandidateRow[]> =>
  db
    .selectFrom('topic_candidates')
    .selectAll()
    .where('status', '=', 'approved')
    .where(sql<boolean>`jsonb_array_length(books) > 0`)
    .orderBy('readers', 'desc')
    .orderBy('idea')
    .limit(limit)
    .execute()

/** One candidate by id, locked for a decision (null when no such id). */
export const lockCandidate = (db: DbOrTx, id: string): Promise<TopicCandidateRow | undefined> =>
  db.selectFrom('topic_candidates').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()

/** Whether the slug was a topic an admin withdrew (its page then answers as gone). */
export async function isWithdrawn(db: DbOrTx, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom('topic_candidates')
    .select('status')
    .where('slug', '=', slug)
    .executeTakeFirst()
  return row?.status === 'withdrawn'
}

/**
 * Approves topics the operator wrote (the demo's ideas): stored as approved, decided by nobody (`decided_by` null
 * is the operator's word), with no readers or books until the topics job finds them searched.
 */
export async function approveOperatorTopics(
  db: DbOrTx,
  topics: readonly { slug: string; idea: string }[],
  now: Date,
): Promise<void> {
  if (topics.length === 0) return
  await db
    .insertInto('topic_candidates')
    .values(
      topics.map((t) => ({
        id: newId(now.getTime()),
        slug: t.slug,
        idea: t.idea,
        readers: 0,
        networks: 0,
        books: '[]',
        status: 'approved' as const,
        decided_by: null,
        decided_at: now,
        seen_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet({ status: 'approved', decided_by: null, decided_at: now }),
    )
    .execute()
}
