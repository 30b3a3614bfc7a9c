import { useMutation } from '@tanstack/react-query'
import { OtpSent } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** POST /sentOtp/user: sends the forgot-password code (also used by the wizard's Resend). */
export const sendResetOtp = (email: string) =>
  apiRequest('/sentOtp/user', { method: 'POST', body: { email }, schema: OtpSent, auth: false })

export const useSendResetOtp = () => useMutation({ mutationFn: sendResetOtp })
