import { isDeepStrictEqual } from 'node:util'
import type { AuditAction } from '@bookstrut/schemas'
import type { Transaction } from 'kysely'
import * as adminAuditRepo from '../db/admin-audit.repository.js'
import type { DB, Db, DbOrTx } from '../db/database.js'
import type { Clock } from '../clock.js'

/** Who acts: the signed-in admin, and the request (its id ties an entry to the server's log lines). */
export interface AdminActor {
  id: string
  email: string
  requestId: string | null
}

/** What an admin write did: its action, its target, and the target's state before and after. */
export interface AuditedChange<T> {
  result: T
  action: AuditAction
  targetType:
    | 'user'
    | 'listing'
    | 'plan'
    | 'report'
    | 'report_type'
    | 'top20_title'
    | 'topic'
    | 'found_idea'
    | 'faq'
    | 'blog_post'
    | 'information_page'
    | 'settings'
  targetId: string
  before: unknown
  after: unknown
}

/** What a change did, in one call: `recorded(result, 'plan.update', ['plan', id], before, after)`. */
export const recorded = <T>(
  result: T,
  action: AuditAction,
  [targetType, targetId]: [AuditedChange<T>['targetType'], string],
  before: unknown,
  after: unknown,
): AuditedChange<T> => ({ result, action, targetType, targetId, before, after })

/**
 * The one way an admin write is made: `change` runs in a transaction and the audit entry is appended in the same
 * transaction, so a change that fails (or throws a 4xx) leaves no entry, and an entry never stands for a change that
 * did not commit. A change that changed nothing (before equals after: a repeated click, a retried request) writes
 * no entry, so a retry is recorded once.
 */
export async function audited<T>(
  deps: { db: Db | DbOrTx; clock: Clock },
  actor: AdminActor,
  change: (trx: DbOrTx) => Promise<AuditedChange<T>>,
): Promise<T> {
  const run = async (trx: DbOrTx) => {
    const done = await change(trx)
    if (!isDeepStrictEqual(done.before, done.after))
      await adminAuditRepo.appendEntry(trx, {
        adminId: actor.id,
        adminEmail: actor.email,
        action: done.action,
        targetType: done.targetType,
        targetId: done.targetId,
        before: done.before,
        after: done.after,
        requestId: actor.requestId,
        at: deps.clock.now(),
      })
    return done.result
  }
  // Called inside a caller's transaction, it joins it.
  if (deps.db.isTransaction) return run(deps.db)
  return deps.db.transaction().execute((trx: Transaction<DB>) => run(trx))
}
