import { useMutation } from '@tanstack/react-query'
import { SessionData, type LoginBody } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/**
 * POST /login-user. Sent without a token, so a 401 (INVALID_CREDENTIALS) only shows the server's message.
 * 403 OTP_REQUIRED means the account is not verified yet and a new code was sent.
 */
export const login = (body: LoginBody) =>
  apiRequest('/login-user', {
    method: 'POST',
    body,
    schema: SessionData,
    auth: false,
    handleUnauthorized: false,
  })

export const useLogin = () => useMutation({ mutationFn: login })
