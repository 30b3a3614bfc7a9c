import { adminAuditRepo, newId, type Db } from '@bookstrut/core'
import {
  normaliseTopic,
  searchHistoryRepo,
  topicCandidatesRepo,
  topicSlug,
  TOPIC_MIN_SEARCHERS,
} from '@bookstrut/search'

/**
 * The demo's saved searches: what the first readers of a new site might have searched for, so the topics job makes
 * a few topic pages at the demo's first start (through the same rules as real searches). The readers are accounts
 * no password opens (`password_hash` '!'), one per needed searcher. The operator wrote these ideas, so they are
 * approved in the moderation queue as the operator's word (approveDemoTopics), not left for an admin.
 */
export const DEMO_TOPIC_IDEAS = [
  ['time travel', 'a school of magic', 'surviving alone in the wilderness'],
  ['a murder mystery', 'life at sea', 'first love'],
] as const

export async function seedDemoSearches(db: Db, now = new Date()): Promise<number> {
  let saved = 0
  // The demo's first readers stand for readers of some standing (topics weigh accounts made today at a tenth).
  const joined = new Date(now.getTime() - 7 * 86_400_000)
  for (let n = 1; n <= TOPIC_MIN_SEARCHERS; n++) {
    const email = `demo-reader-${n}@bookstrut.invalid`
    await db
      .insertInto('users')
      .values({
        id: newId(now.getTime()),
        email,
        first_name: 'Demo',
        last_name: `Reader ${n}`,
        role: 'reader',
        password_hash: '!',
        is_verified: true,
        is_blocked: false,
        block_notes: '',
        created_at: joined,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute()
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    // Saving the same three ideas again only moves the saved search up (search-history.repository.ts).
    for (const ideas of DEMO_TOPIC_IDEAS) {
      await searchHistoryRepo.recordSearch(db, id, ideas, now)
      saved += 1
    }
  }
  return saved
}

/** Who approved the demo's topics in the audit log: the operator who ran `npm run demo`, not an account. */
export const OPERATOR = { id: '000000000000000000000000', email: 'operator (npm run demo)' }

/**
 * The demo's ideas approved in the moderation queue as the operator's word (`decided_by` null), each recorded in the
 * audit log once (an idea approved before writes no second entry). Answers how many were approved now.
 */
export async function approveDemoTopics(db: Db, now = new Date()): Promise<number> {
  const topics = DEMO_TOPIC_IDEAS.flat().map((idea) => ({
    slug: topicSlug(normaliseTopic(idea)),
    idea: normaliseTopic(idea),
  }))
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('topic_candidates')
      .select('slug')
      .where('status', '=', 'approved')
      .where(
        'slug',
        'in',
        topics.map((t) => t.slug),
      )
      .execute()
    const approved = new Set(before.map((r) => r.slug))
    await topicCandidatesRepo.approveOperatorTopics(trx, topics, now)
    const ids = await trx
      .selectFrom('topic_candidates')
      .select(['id', 'slug'])
      .where(
        'slug',
        'in',
        topics.map((t) => t.slug),
      )
      .execute()
    const idOf = new Map(ids.map((r) => [r.slug, r.id]))
    const fresh = topics.filter((t) => !approved.has(t.slug))
    for (const t of fresh)
      await adminAuditRepo.appendEntry(trx, {
        adminId: OPERATOR.id,
        adminEmail: OPERATOR.email,
        action: 'topic.approve',
        targetType: 'topic',
        targetId: idOf.get(t.slug) ?? t.slug,
        before: null,
        after: { status: 'approved', phrase: t.idea, by: 'operator' },
        requestId: null,
        at: now,
      })
    return fresh.length
  })
}
