import { FoundItAnswer } from '@bookstrut/schemas'
import { withPodcastId } from '@/api/book'
import { apiRequest } from '@/lib/api-client'

export interface FoundItInput {
  /** the idea search the result came from, as the server served it (its ideas are read there, never sent) */
  searchId: string
  bookId: string
}

/** POST /found-it {searchId, podcastId}: "This is the book I meant". Twice is once. */
export const confirmFoundIt = (input: FoundItInput) =>
  apiRequest('/found-it', { method: 'POST', body: withPodcastId(input), schema: FoundItAnswer })

/** DELETE /found-it?searchId&podcastId: takes it back, within its undo window. */
export const withdrawFoundIt = (input: FoundItInput) =>
  apiRequest('/found-it', { method: 'DELETE', query: withPodcastId(input), schema: FoundItAnswer })
