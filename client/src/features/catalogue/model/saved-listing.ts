/*
 * After Save or Update the author lands on My Listings with the saved listing highlighted: the upload page passes
 * its id in the navigation state, My Listings reads it back (anything else in the state is ignored).
 */

export const listingSavedState = (bookId: string) => ({ savedListingId: bookId })

/** The id of the listing just saved, from My Listings' navigation state. */
export function savedListingIdOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('savedListingId' in state)) return undefined
  const id = state.savedListingId
  return typeof id === 'string' && /^[0-9a-f]{24}$/.test(id) ? id : undefined
}
