import { useMutation, useQueryClient } from '@tanstack/react-query'
import { User, type UpdateUserBody } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'
import { writeItem, StorageKeys } from '@/lib/storage'

export interface ProfileImageFiles {
  profile?: File | null
  banner?: File | null
}

/**
 * The multipart form of PUT /update/user: the text fields (websiteAndSocialLinks as a JSON-encoded list, which
 * the server accepts from forms) plus the `profile` and `banner` image files.
 */
export function toProfileFormData(body: UpdateUserBody, files: ProfileImageFiles): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue
    form.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value))
  }
  if (files.profile) form.append('profile', files.profile)
  if (files.banner) form.append('banner', files.banner)
  return form
}

/**
 * PUT /update/user?id=<own id>; answers the updated account. JSON, or multipart when a profile or banner
 * image was chosen (files are sent only when real files were chosen).
 */
export const updateUser = ({
  userId,
  body,
  files = {},
}: {
  userId: string
  body: UpdateUserBody
  files?: ProfileImageFiles
}) =>
  apiRequest('/update/user', {
    method: 'PUT',
    query: { id: userId },
    body: files.profile || files.banner ? toProfileFormData(body, files) : body,
    schema: User,
  })

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
