import type { Db } from '@bookstrut/core'
import * as foundItRepo from '../db/found-it.repository.js'
import { AGREEMENT, agreedIdeas, type AgreementRule } from './agreement.js'

/**
 * Weighs one book's standing confirmations and stores the ideas readers agree on (the found-it job). Idempotent:
 * the stored set depends only on the confirmation rows, so a repeated or retried job changes nothing. Answers
 * whether the agreed ideas changed: then the book's text to embed changed and it must be embedded again.
 */
export async function settleFoundIdeas(
  db: Db,
  bookId: string,
  now: Date,
  rule: AgreementRule = AGREEMENT,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // One job per book at a time: two settling the same book wait for each other instead of interleaving.
    await trx.selectFrom('podcasts').select('id').where('id', '=', bookId).forUpdate().executeTakeFirst()
    const agreed = agreedIdeas(await foundItRepo.bookConfirmations(trx, bookId), rule)
    return foundItRepo.replaceAgreedIdeas(trx, bookId, agreed, now)
  })
}
