import { useMutation } from '@tanstack/react-query'
import { ResetTokenData } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/**
 * POST /verifyOtp/user: checks the forgot-password code; data carries the one-time `resetToken` that step 3
 * needs. The wizard keeps it in component state only (never in the URL or storage).
 */
export const verifyResetOtp = (body: { email: string; otp: string }) =>
  apiRequest('/verifyOtp/user', { method: 'POST', body, schema: ResetTokenData, auth: false })

export const useVerifyResetOtp = () => useMutation({ mutationFn: verifyResetOtp })
