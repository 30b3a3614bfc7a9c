import { FoundItAnswer } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

export interface FoundItInput {
  /** the idea search the result came from, as the server served it (its ideas are read there, never sent) */
  searchId: string
  podcastId: string
}

/** POST /found-it {searchId, podcastId}: "This is the book I meant". Twice is once. */
export const confirmFoundIt = ({ searchId, podcastId }: FoundItInput) =>
  apiRequest('/found-it', { method: 'POST', body: { searchId, podcastId }, schema: FoundItAnswer })

/** DELETE /found-it?searchId&podcastId: takes it back, within its undo window. */
export const withdrawFoundIt = ({ searchId, podcastId }: FoundItInput) =>
  apiRequest('/found-it', { method: 'DELETE', query: { searchId, podcastId }, schema: FoundItAnswer })
