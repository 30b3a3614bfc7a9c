import { useMutation, useQueryClient } from '@tanstack/react-query'
import { User, type UpdateUserBody } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'
import { writeItem, StorageKeys } from '@/lib/storage'

/** PUT /update/user?id=<own id> as JSON; answers the updated account. */
export const updateUser = ({ userId, body }: { userId: string; body: UpdateUserBody }) =>
  apiRequest('/update/user', { method: 'PUT', query: { id: userId }, body, schema: User })

/** Saves the profile, refreshes both cached views of the account and the stored role (menus read it). */
export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(['users', data._id], data)
      queryClient.setQueryData(['users', 'me'], data)
      writeItem(StorageKeys.role, data.role)
    },
  })
}
