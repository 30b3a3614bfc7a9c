import { useMutation } from '@tanstack/react-query'
import { CreatedUser, type CreateUserBody } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** POST /user/create: creates the account and e-mails a sign-up code. */
export const createUser = (body: CreateUserBody) =>
  apiRequest('/user/create', { method: 'POST', body, schema: CreatedUser, auth: false })

export const useCreateUser = () => useMutation({ mutationFn: createUser })
