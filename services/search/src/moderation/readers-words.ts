import { adminConsoleRepo } from '@bookstrut/admin'
import {
  audited,
  conflict,
  notFound,
  recorded,
  type AdminActor,
  type Clock,
  type Db,
  type Queues,
} from '@bookstrut/core'
import type { ModerationStatus } from '../db/topics.tables.js'
import {
  QueueNames,
  type ReadersWordsDecisionBody,
  type ReadersWordsItem,
  type ReadersWordsPage,
  type ReadersWordsQuery,
} from '@bookstrut/schemas'
import { currentSourceHash } from '../db/embeddings.repository.js'
import { lockFoundIdea, queueRows, setStatus, type QueueRow } from './readers-words.repository.js'
import { lockCandidate } from './topic-candidates.repository.js'
import { publishApproved } from './topic-queue.js'

/*
 * The moderation queue of readers' words (issue 45, docs/admin.md "Readers' words"): the use cases the admin
 * console calls. Topic candidates (the topics job) and agreed found-it ideas (the found-it job) wait here as pending;
 * nothing of them is public or ranks a book until an admin approves. Each decision is audited.
 */

export interface ReadersWordsDeps {
  db: Db
  clock: Clock
  queues: Queues
}

type Decision = ReadersWordsDecisionBody['decision']

/** What each decision does: the status it takes the words from, and to. Anything else is a 409. */
const TRANSITIONS: Record<Decision, { from: ModerationStatus; to: ModerationStatus }> = {
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
  withdraw: { from: 'approved', to: 'withdrawn' },
}

const NOT_FOUND = 'The queue holds no such phrase.'

/** The queue, pending first, with the titles of the books each phrase would list (or be a passage of). */
export async function listReadersWords(
  deps: Pick<ReadersWordsDeps, 'db'>,
  q: ReadersWordsQuery,
): Promise<ReadersWordsPage> {
  const page = q.page ?? 1
  const pageSize = q.limit ?? 50
  const { rows, total } = await queueRows(deps.db, {
    status: q.status,
    kind: q.kind,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  })
  const titles = await adminConsoleRepo.titlesOf(deps.db, [
    ...new Set(rows.flatMap((r) => booksOf(r).map((b) => b.bookId))),
  ])
  return { items: rows.map((r) => toItem(r, titles)), total, page, pageSize }
}

const booksOf = (r: QueueRow) => r.books ?? (r.podcast_id ? [{ bookId: r.podcast_id, strutScore: null }] : [])

function toItem(r: QueueRow, titles: Map<string, string>): ReadersWordsItem {
  return {
    kind: r.kind,
    id: r.id.trim(),
    phrase: r.phrase,
    status: r.status,
    readers: r.readers,
    networks: r.networks,
    // A book deleted since the job ran has no title and leaves the list.
    books: booksOf(r)
      .filter((b) => titles.has(b.bookId))
      .map((b) => ({ podcastId: b.bookId, title: titles.get(b.bookId) ?? '', strutScore: b.strutScore })),
    updatedAt: r.updated_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
  }
}

/**
 * An admin's word on one phrase (audited: topic.approve, found_idea.withdraw, …). Approving or withdrawing a topic
 * makes the public topic set again at once (its page, the sitemap and the home page follow); approving or
 * withdrawing a found-it idea queues the book's embedding, whose text then holds it or no longer does. Repeating the
 * standing word changes nothing (no entry); a word the status does not allow (rejecting an approved phrase,
 * approving a rejected one: a rejected phrase stays rejected) is a 409, an unknown id a 404.
 */
export async function decideReadersWords(
  deps: ReadersWordsDeps,
  actor: AdminActor,
  body: ReadersWordsDecisionBody,
): Promise<{ kind: ReadersWordsDecisionBody['kind']; id: string; status: ModerationStatus }> {
  const { from, to } = TRANSITIONS[body.decision]
  const now = deps.clock.now()
  let bookToEmbed: string | null = null
  const result = await audited(deps, actor, async (trx) => {
    const target =
      body.kind === 'topic'
        ? await lockCandidate(trx, body.id).then(
            (c) => c && { status: c.status, phrase: c.idea, bookId: null },
          )
        : await lockFoundIdea(trx, body.id).then(
            (f) => f && { status: f.status, phrase: f.idea, bookId: f.podcast_id },
          )
    if (!target) throw notFound(NOT_FOUND)
    const before = { status: target.status, phrase: target.phrase, podcastId: target.bookId }
    const answer = { kind: body.kind, id: body.id, status: target.status }
    const action = `${body.kind}.${body.decision}` as const
    if (target.status === to) return recorded(answer, action, [body.kind, body.id], before, before)
    if (target.status !== from)
      throw conflict(
        `A ${target.status} phrase cannot be ${body.decision === 'withdraw' ? 'withdrawn' : `${body.decision}d`}.`,
      )
    await setStatus(trx, body.kind, body.id, { status: to, decidedBy: actor.id, at: now })
    if (body.kind === 'topic' && body.decision !== 'reject') await publishApproved(trx, now)
    if (body.kind === 'found_idea' && body.decision !== 'reject') bookToEmbed = target.bookId
    return recorded({ ...answer, status: to }, action, [body.kind, body.id], before, {
      ...before,
      status: to,
    })
  })
  if (bookToEmbed) await queueEmbedding(deps, bookToEmbed)
  return result
}

/**
 * After the decision committed: the book's vectors are made again from its text, which now holds (or no longer
 * holds) the idea. The job id names that text, as the found-it worker's does; a job lost here is caught by the embed
 * sweep, which finds the book's vectors stale.
 */
async function queueEmbedding(deps: ReadersWordsDeps, bookId: string): Promise<void> {
  const hash = await currentSourceHash(deps.db, bookId)
  if (hash)
    await deps.queues.enqueue(QueueNames.embed, { podcastId: bookId }, `embed-${bookId}-found-${hash}`)
}
