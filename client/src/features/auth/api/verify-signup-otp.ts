import { useMutation } from '@tanstack/react-query'
import { SessionData } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

export interface VerifySignUpInput {
  email: string
  /** Four digits as a string, so a leading zero survives. */
  otp: string
}

/** POST /verify/user/Verification: checks the sign-up code and answers the new session. */
export const verifySignUpOtp = (body: VerifySignUpInput) =>
  apiRequest('/verify/user/Verification', {
    method: 'POST',
    body,
    schema: SessionData,
    auth: false,
    handleUnauthorized: false,
  })

export const useVerifySignUpOtp = () => useMutation({ mutationFn: verifySignUpOtp })
