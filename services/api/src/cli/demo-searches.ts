import { newId, type Db } from '@bookstrut/core'
import { searchHistoryRepo, TOPIC_MIN_SEARCHERS } from '@bookstrut/search'

/**
 * The demo's saved searches: what the first readers of a new site might have searched for, so the topics job makes
 * a few topic pages at the demo's first start (through the same rules as real searches). The readers are accounts
 * no password opens (`password_hash` '!'), one per needed searcher.
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
