import { useMutation } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import type { ForgotPasswordBody } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** POST /forgot-password/user: sets the new (numeric) password with step 2's reset token; data is null. */
export const resetPassword = (body: ForgotPasswordBody) =>
  apiRequest('/forgot-password/user', { method: 'POST', body, schema: Type.Unknown(), auth: false })

export const useResetPassword = () => useMutation({ mutationFn: resetPassword })
