import type { UserRow } from '@bookstrut/accounts'
import { conflict, notFound, ownerScope } from '@bookstrut/core'
import type { SearchHistoryRow } from '../db/search-history.tables.js'
import type { SearchHistoryItem, UpdateSearchHistoryBody } from '@bookstrut/schemas'
import * as searchHistoryRepo from '../db/search-history.repository.js'
import type { SearchDeps } from './search-deps.js'

/** The row as the spec's client reads it (its `fistKeyWord` spelling included). */
export const toSearchHistoryItem = (row: SearchHistoryRow): SearchHistoryItem => ({
  _id: row.id,
  userId: row.user_id,
  fistKeyWord: row.first_term,
  secondKeyWord: row.second_term,
  thirdKeyWord: row.third_term,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
})

const termsOf = (b: UpdateSearchHistoryBody) => [b.fistKeyWord, b.secondKeyWord, b.thirdKeyWord] as const

// Another user's item answers exactly like a missing one, so that ids do not reveal what exists.
const missing = () => notFound('Search history not found')

/**
 * Saves a search (the caller is checked by the route); the same three terms again only move it to the top.
 * `network`: the saving address's keyed network (networkOfAddress), which the topics queue counts.
 */
export async function saveSearch(
  deps: SearchDeps,
  userId: string,
  body: UpdateSearchHistoryBody,
  network: string | null,
) {
  const row = await searchHistoryRepo
    .recordSearch(deps.db, userId, termsOf(body), deps.clock.now(), network)
    .catch((err: unknown) => {
      // Only an admin gets this far with an id that names nobody (anyone else may save only for themselves).
      if (searchHistoryRepo.isUnknownUser(err)) throw notFound('User not found')
      throw err
    })
  return toSearchHistoryItem(row)
}

export async function listSavedSearches(deps: SearchDeps, userId: string) {
  return (await searchHistoryRepo.listRecent(deps.db, userId)).map(toSearchHistoryItem)
}

/** Replaces the three terms of one item; 409 when they equal another saved search of the same user. */
export async function updateSavedSearch(
  deps: SearchDeps,
  caller: UserRow,
  id: string,
  body: UpdateSearchHistoryBody,
) {
  const row = await searchHistoryRepo
    .updateTerms(deps.db, id, ownerScope(caller), termsOf(body), deps.clock.now())
    .catch((err: unknown) => {
      if (searchHistoryRepo.isDuplicateTerms(err)) throw conflict('This search is already saved.')
      throw err
    })
  if (!row) throw missing()
  return toSearchHistoryItem(row)
}

export async function removeSavedSearch(deps: SearchDeps, caller: UserRow, id: string) {
  if (!(await searchHistoryRepo.deleteItem(deps.db, id, ownerScope(caller)))) throw missing()
}

/** Clears a user's saved searches (the caller is checked by the route); answers how many were removed. */
export async function clearSavedSearches(deps: SearchDeps, userId: string) {
  return { deletedCount: await searchHistoryRepo.clearForUser(deps.db, userId) }
}
