import { ApiError, GENERIC_ERROR } from '@/lib/api-client'
import { plural } from '@/lib/format'
import { SEARCH_MESSAGES } from './search-terms'

/** Spec reader-and-account section 8 (ghost, report, history) and author-and-content section 8 (ghost removal). */
export const GHOST_MESSAGES = {
  confirmTitle: 'Are you sure?',
  confirmText: 'Do you really want to Ghost this listing?',
  success: 'Ghost mode activated successfully.',
  failed: 'Failed to activate ghost mode.',
  thrown: 'Error occurred while activating ghost mode.',
  removeConfirmText: 'Do you really want to remove this ghost listing?',
  removed: 'Ghost removed successfully.',
  removeFailed: 'Failed to remove ghost.',
  empty: 'No ghost titles found',
} as const

export const REPORT_MESSAGES = {
  chooseType: 'Please select a bug report type',
  success: 'Report sent successfully',
} as const

export const HISTORY_MESSAGES = {
  fetchFailed: 'Failed to fetchHISTORY',
  deleteFailed: 'Failed to delete history',
  missingId: 'ID is undefined. Deletion failed.',
  empty: 'No Data Found',
  clearConfirm: 'This action will permanently delete all your search history and cannot be undone.',
} as const

export const LOGIN_FIRST = 'Please login first'

/**
 * The server's own words, when the failure carries them: not for network errors (status 0), answers we could
 * not read, or envelopes without a message (the api-client put its generic fallback there).
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0 || error.code === 'BAD_RESPONSE') return null
  return error.message && error.message !== GENERIC_ERROR ? error.message : null
}

/** What a failed search shows: the blocked notice, or a message. */
export type SearchFailure = { kind: 'blocked'; notes: string } | { kind: 'message'; message: string }

const notesOf = (data: unknown): string =>
  typeof data === 'object' && data !== null && 'notes' in data && typeof data.notes === 'string'
    ? data.notes
    : ''

/**
 * 403 BLOCKED opens the blocked notice; 422 DUPLICATE_QUERIES and 400 VALIDATION show the server's message;
 * anything else "Search failed. Please try again."
 */
export function searchFailure(error: unknown): SearchFailure {
  if (!(error instanceof ApiError)) return { kind: 'message', message: SEARCH_MESSAGES.failed }
  if (error.status === 403 && error.code === 'BLOCKED') return { kind: 'blocked', notes: notesOf(error.data) }
  if (error.status === 422 && error.code === 'DUPLICATE_QUERIES')
    return { kind: 'message', message: serverMessage(error) ?? SEARCH_MESSAGES.duplicate }
  if (error.status === 400)
    return { kind: 'message', message: serverMessage(error) ?? SEARCH_MESSAGES.failed }
  return { kind: 'message', message: SEARCH_MESSAGES.failed }
}

/**
 * Ghosting failed: the server's message when it gave one, "Something went wrong" when it could not be reached,
 * "Failed to activate ghost mode." for a failure without words, and "Error occurred while activating ghost
 * mode." for anything thrown that is not an API answer.
 */
export function ghostFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return GHOST_MESSAGES.thrown
  if (error.status === 0) return GENERIC_ERROR
  return serverMessage(error) ?? GHOST_MESSAGES.failed
}

/** A failed call whose fallback is a fixed text: the server's message, else the fallback. */
export const failureMessage = (error: unknown, fallback: string): string => serverMessage(error) ?? fallback

/** The line under the last result: "That’s the only result." for one, "That’s all 12 results." otherwise. */
export const endOfResults = (total: number) =>
  total === 1 ? 'That’s the only result.' : `That’s all ${plural(total, 'result')}.`

/** "This is the book I meant" (found-it-button.tsx). */
export const FOUND_IT_MESSAGES = {
  signIn: 'Sign in to tell us this is the book you meant',
  thanks: 'Thank you: when other readers agree, your ideas will help them find this book',
  failed: 'That did not go through. Please try again.',
} as const

/** The server's words (an expired search, a rate limit, too late to undo), else a generic retry message. */
export const foundItFailureMessage = (error: unknown) => serverMessage(error) ?? FOUND_IT_MESSAGES.failed
