import { useMutation } from '@tanstack/react-query'
import { OtpSent } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** POST /resendotp/user: sends a new sign-up code (429 OTP_COOLDOWN carries data.retryAfter). */
export const resendSignUpOtp = (email: string) =>
  apiRequest('/resendotp/user', { method: 'POST', body: { email }, schema: OtpSent, auth: false })

export const useResendSignUpOtp = () => useMutation({ mutationFn: resendSignUpOtp })
