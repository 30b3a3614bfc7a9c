import { useMemo, useState, type ReactNode } from 'react'
import { AuthModalsContext, type AuthModalsApi, type AuthModalState } from '../hooks/use-auth-modals'
import { BlockedModal } from './blocked-modal'
import { ForgotPasswordModal } from './forgot-password-modal'
import { OtpModal } from './otp-modal'
import { SignInModal } from './sign-in-modal'
import { SignUpModal } from './sign-up-modal'

export interface AuthModalsProviderProps {
  children: ReactNode
  /** Support address for the blocked notice's Contact Support button. */
  supportEmail: string | undefined
}

/** Holds which account dialog is open and renders it. Only one dialog is open at a time. */
export function AuthModalsProvider({ children, supportEmail }: AuthModalsProviderProps) {
  const [state, setState] = useState<AuthModalState>({ kind: 'none' })

  const api = useMemo<AuthModalsApi>(
    () => ({
      state,
      openSignIn: () => setState({ kind: 'signIn' }),
      openSignUp: () => setState({ kind: 'signUp' }),
      openOtp: (email) => setState({ kind: 'otp', email }),
      openForgotPassword: () => setState({ kind: 'forgotPassword' }),
      openBlocked: (notes) => setState({ kind: 'blocked', notes }),
      close: () => setState({ kind: 'none' }),
    }),
    [state],
  )

  return (
    <AuthModalsContext value={api}>
      {children}
      {state.kind === 'signUp' && (
        <SignUpModal onClose={api.close} onSignIn={api.openSignIn} onCreated={api.openOtp} />
      )}
      {state.kind === 'signIn' && (
        <SignInModal
          onClose={api.close}
          onSignUp={api.openSignUp}
          onForgotPassword={api.openForgotPassword}
          onOtpRequired={api.openOtp}
          onBlocked={api.openBlocked}
        />
      )}
      {state.kind === 'otp' && (
        <OtpModal
          email={state.email}
          onClose={api.close}
          onVerified={({ isBlocked, notes }) => (isBlocked ? api.openBlocked(notes) : api.close())}
        />
      )}
      {state.kind === 'forgotPassword' && (
        <ForgotPasswordModal onClose={api.close} onSignIn={api.openSignIn} />
      )}
      {state.kind === 'blocked' && (
        <BlockedModal notes={state.notes} supportEmail={supportEmail} onClose={api.close} />
      )}
    </AuthModalsContext>
  )
}
