import { createContext, useContext } from 'react'

export type AuthModalState =
  | { kind: 'none' }
  | { kind: 'signIn' }
  | { kind: 'signUp' }
  | { kind: 'otp'; email: string }
  | { kind: 'forgotPassword' }
  | { kind: 'blocked'; notes: string }

export interface AuthModalsApi {
  state: AuthModalState
  openSignIn: () => void
  openSignUp: () => void
  openOtp: (email: string) => void
  openForgotPassword: () => void
  openBlocked: (notes: string) => void
  close: () => void
}

export const AuthModalsContext = createContext<AuthModalsApi | null>(null)

/** Opens the sign-in, sign-up, OTP, forgot-password and blocked dialogs (one at a time). */
export function useAuthModals(): AuthModalsApi {
  const api = useContext(AuthModalsContext)
  if (!api) throw new Error('useAuthModals must be used inside <AuthModalsProvider>')
  return api
}
