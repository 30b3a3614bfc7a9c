import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Podcast } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** POST /create/podcast (multipart): 201 with the new, pending listing. */
export const createListing = (form: FormData) =>
  apiRequest('/create/podcast', { method: 'POST', body: form, schema: Podcast })

/** PUT /update/podcast?podcastId=&episodeId= (multipart of the changed fields): the listing goes back to pending. */
export const updateListing = ({
  bookId,
  episodeId,
  form,
}: {
  bookId: string
  episodeId: string | undefined
  form: FormData
}) =>
  apiRequest('/update/podcast', {
    method: 'PUT',
    query: { podcastId: bookId, episodeId },
    body: form,
    schema: Podcast,
  })

/** After a save the lists, the listing itself and the account's book count are stale. */
function useInvalidateCatalogue() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['books'] }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
    ])
}

export function useCreateListing() {
  const invalidate = useInvalidateCatalogue()
  return useMutation({ mutationFn: createListing, onSuccess: invalidate })
}

export function useUpdateListing() {
  const invalidate = useInvalidateCatalogue()
  return useMutation({ mutationFn: updateListing, onSuccess: invalidate })
}
