import type { Db } from '@bookstrut/core'
import * as foundItRepo from '../db/found-it.repository.js'
import { wordsRefusal } from '../moderation/words-filter.js'
import { AGREEMENT, agreedIdeas, type AgreementRule } from './agreement.js'

/**
 * Weighs one book's standing confirmations and stores the ideas readers agree on (the found-it job) as candidates of
 * the moderation queue: pending until an admin approves them, and only approved ones are passages of the book.
 * Idempotent: the stored set depends only on the confirmation rows and the admins' words, so a repeated or retried
 * job changes nothing. Answers whether the approved ideas changed: then the book's text to embed changed and it
 * must be embedded again.
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
    // The filter before the queue (issue 45): a refused wording never becomes a candidate.
    const agreed = agreedIdeas(await foundItRepo.bookConfirmations(trx, bookId), rule).filter(
      (a) => wordsRefusal(a.idea) === null,
    )
    return foundItRepo.replaceAgreedIdeas(trx, bookId, agreed, now)
  })
}
