import { announceBookChanges } from '@bookstrut/core'
import type { Deps } from '../deps.js'

/**
 * After a listing was created, edited or moderated (and the write committed): its vectors and its entry in an
 * external keyword index are brought up to date in the background.
 */
export const bookChanged = (deps: Deps, podcastId: string, updatedAt: Date) =>
  announceBookChanges(deps.queues, [{ id: podcastId, updatedAt }], {
    surfaceIndex: Boolean(deps.config.search.meili),
  })
