import { sql } from 'kysely'
import type { DbOrTx } from '@bookstrut/core'
import type { CandidateBook, ModerationStatus } from '../db/topics.tables.js'
import type { ReadersWordsKind } from '@bookstrut/schemas'

/** One row of the queue as both tables give it: topic candidates and agreed found-it ideas side by side. */
export interface QueueRow {
  kind: ReadersWordsKind
  id: string
  phrase: string
  status: ModerationStatus
  readers: number
  networks: number
  /** a topic's books; null for a found-it idea (its book is `podcast_id`) */
  books: CandidateBook[] | null
  podcast_id: string | null
  updated_at: Date
  decided_at: Date | null
}

export interface QueueFilter {
  status?: ModerationStatus
  kind?: ReadersWordsKind
  offset: number
  limit: number
}

/** The queue over both tables: pending first, then the most recently found or agreed; and how many match in all. */
export async function queueRows(db: DbOrTx, f: QueueFilter): Promise<{ rows: QueueRow[]; total: number }> {
  const both = sql`(
    select 'topic' as kind, id, idea as phrase, status, readers, networks, books, null::char(24) as podcast_id,
           seen_at as updated_at, decided_at
    from topic_candidates
    union all
    select 'found_idea', id, idea, status, readers, networks, null::jsonb, podcast_id, agreed_at, decided_at
    from book_found_ideas
  ) q`
  const where = sql`where (${f.status ?? null}::text is null or q.status = ${f.status ?? null})
    and (${f.kind ?? null}::text is null or q.kind = ${f.kind ?? null})`
  const { rows } = await sql<QueueRow>`
    select * from ${both} ${where}
    order by (q.status = 'pending') desc, q.updated_at desc, q.id
    limit ${f.limit} offset ${f.offset}`.execute(db)
  const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n from ${both} ${where}`.execute(
    db,
  )
  return { rows, total: counted[0]?.n ?? 0 }
}

/** One agreed found-it idea by id, locked for a decision. */
export const lockFoundIdea = (db: DbOrTx, id: string) =>
  db.selectFrom('book_found_ideas').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()

/** Records an admin's word on a topic candidate or a found-it idea. */
export async function setStatus(
  db: DbOrTx,
  kind: ReadersWordsKind,
  id: string,
  word: { status: ModerationStatus; decidedBy: string; at: Date },
): Promise<void> {
  const set = { status: word.status, decided_by: word.decidedBy, decided_at: word.at }
  if (kind === 'topic') await db.updateTable('topic_candidates').set(set).where('id', '=', id).execute()
  else await db.updateTable('book_found_ideas').set(set).where('id', '=', id).execute()
}
