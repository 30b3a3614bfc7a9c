import { useMutation } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { apiRequest } from '@/lib/api-client'

/** POST /verifyOtp/user: checks the forgot-password code; data is null. */
export const verifyResetOtp = (body: { email: string; otp: string }) =>
  apiRequest('/verifyOtp/user', { method: 'POST', body, schema: Type.Unknown(), auth: false })

export const useVerifyResetOtp = () => useMutation({ mutationFn: verifyResetOtp })
