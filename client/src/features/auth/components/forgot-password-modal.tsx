import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { RESET_PASSWORD_RULE } from '@bookstrut/schemas'
import { PasswordField, TextField } from '@/components/ui/field'
import { Modal } from '@/components/ui/modal'
import { ApiError, errorMessage } from '@/lib/api-client'
import { fieldBinder, focusFirstInvalid, hasErrors } from '@/lib/validation'
import { cooldownSeconds } from '../api/otp-errors'
import { useResetPassword } from '../api/reset-password'
import { useSendResetOtp } from '../api/send-reset-otp'
import { useVerifyResetOtp } from '../api/verify-reset-otp'
import { formatCountdown, useCountdown } from '../hooks/use-countdown'
import {
  OTP_LENGTH,
  sanitizeResetOtp,
  validateNewPassword,
  validateResetEmail,
  validateResetOtp,
  type NewPasswordValues,
} from '../validation/forgot-password'
import { EmailAddress } from '@/components/ui/email-address'
import shared from './auth-shared.module.css'
import styles from './forgot-password-modal.module.css'
import { form } from '@/components/ui/form'

/** Forgot-password resend cooldown (spec reader-and-account section 9). */
export const RESET_RESEND_SECONDS = 120

type Step = 1 | 2 | 3

/** One title for every step: step-specific titles ("new password") would collide with field labels. */
const TITLE = 'Reset your password'

export interface ForgotPasswordModalProps {
  onClose: () => void
  onSignIn: () => void
}

/** The 3-step wizard: e-mail, code (120 s resend cooldown, Back), new numeric password. */
export function ForgotPasswordModal({ onClose, onSignIn }: ForgotPasswordModalProps) {
  const [step, setStep] = useState<Step>(1)
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState('')
  const [otp, setOtp] = useState('')
  const [otpError, setOtpError] = useState('')
  // Step 2's one-time token for step 3: held here only, so it never reaches the URL, storage or history.
  const [resetToken, setResetToken] = useState('')
  const [passwords, setPasswords] = useState<NewPasswordValues>({ newPassword: '', confirmPassword: '' })
  const [passwordErrors, setPasswordErrors] = useState<Partial<Record<keyof NewPasswordValues, string>>>({})
  const cooldown = useCountdown(0)
  const sendOtp = useSendResetOtp()
  const verifyOtp = useVerifyResetOtp()
  const reset = useResetPassword()

  const requestCode = (onSent?: () => void) => {
    sendOtp.mutate(email.trim(), {
      onSuccess: ({ message, data }) => {
        toast.success(message || 'OTP sent to your email.')
        cooldown.start(data.resendAfter > 0 ? data.resendAfter : RESET_RESEND_SECONDS)
        onSent?.()
      },
      onError: (error) => {
        toast.error(errorMessage(error))
        const retryAfter = cooldownSeconds(error)
        if (retryAfter !== null) cooldown.start(retryAfter)
      },
    })
  }

  const submitEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const error = validateResetEmail(email)
    setEmailError(error ?? '')
    if (error) return focusFirstInvalid(event.currentTarget)
    requestCode(() => {
      setOtp('')
      setOtpError('')
      setResetToken('')
      setStep(2)
    })
  }

  const submitOtp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const error = validateResetOtp(otp)
    setOtpError(error ?? '')
    if (error) return focusFirstInvalid(event.currentTarget)
    verifyOtp.mutate(
      { email: email.trim(), otp },
      {
        onSuccess: ({ data }) => {
          toast.success('OTP verified successfully')
          setResetToken(data.resetToken)
          setStep(3)
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    )
  }

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validateNewPassword(passwords)
    setPasswordErrors(found)
    if (hasErrors(found)) return focusFirstInvalid(event.currentTarget)
    reset.mutate(
      {
        email: email.trim(),
        newPassword: passwords.newPassword,
        confirmPassword: passwords.confirmPassword,
        resetToken,
      },
      {
        onSuccess: () => {
          toast.success('Password reset successful')
          // The token is spent; the wizard starts at step 1 next time (it unmounts on close).
          setResetToken('')
          setStep(1)
          onClose()
        },
        onError: (err) => {
          toast.error(errorMessage(err))
          // An expired or voided token cannot be retried: back to the code step, where a new code can be asked for.
          if (err instanceof ApiError && err.code === 'OTP_REQUIRED') {
            setResetToken('')
            setOtp('')
            setStep(2)
          }
        },
      },
    )
  }

  const setPassword = (field: keyof NewPasswordValues, value: string) => {
    setPasswords((p) => ({ ...p, [field]: value }))
    setPasswordErrors((e) => ({ ...e, [field]: undefined }))
  }
  const bindPassword = fieldBinder(passwords, passwordErrors, setPassword)

  return (
    <Modal open onClose={onClose} size="sm" title={TITLE}>
      <ol className={styles.steps} aria-label={`Step ${step} of 3`}>
        {([1, 2, 3] as const).map((n) => (
          <li
            key={n}
            className={`${styles.steps__item}${n === step ? ` ${styles['steps__item--current']}` : ''}${n < step ? ` ${styles['steps__item--done']}` : ''}`}
            aria-current={n === step ? 'step' : undefined}
          >
            <span className="visually-hidden">Step </span>
            {n}
          </li>
        ))}
      </ol>

      {step === 1 && (
        <form className="stack" onSubmit={submitEmail} noValidate>
          <p className="muted">Enter the email of your account and we&apos;ll send you a 4-digit code.</p>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            error={emailError || undefined}
            onChange={(e) => {
              setEmail(e.target.value)
              setEmailError('')
            }}
            data-autofocus
          />
          <Button type="submit" block loading={sendOtp.isPending}>
            Send code
          </Button>
          <p className={shared.modal__switch}>
            Remembered it?{' '}
            <Button variant="link" onClick={onSignIn}>
              Back to Sign In
            </Button>
          </p>
        </form>
      )}

      {step === 2 && (
        <form className="stack" onSubmit={submitOtp} noValidate>
          <p className="muted">
            We sent a code to{' '}
            <strong>
              <EmailAddress value={email.trim()} />
            </strong>
            .
          </p>
          <TextField
            label="OTP"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            value={otp}
            error={otpError || undefined}
            className={`${form.input} ${styles['input--code']}`}
            onChange={(e) => {
              setOtp(sanitizeResetOtp(e.target.value))
              setOtpError('')
            }}
            autoFocus
          />
          <Button type="submit" block loading={verifyOtp.isPending}>
            Verify code
          </Button>
          <div className={styles['wizard-actions']}>
            <Button variant="ghost" onClick={() => setStep(1)}>
              Back
            </Button>
            <span>
              <Button
                variant="link"
                onClick={() => requestCode()}
                disabled={cooldown.running}
                loading={sendOtp.isPending}
              >
                Resend code
              </Button>
              {cooldown.running && (
                <span className={shared['otp-resend__timer']}> in {formatCountdown(cooldown.seconds)}</span>
              )}
            </span>
          </div>
        </form>
      )}

      {step === 3 && (
        <form className="stack" onSubmit={submitPassword} noValidate>
          <p className="muted">
            A password set here is numbers only, even if the one you signed up with had letters.
          </p>
          <PasswordField
            label="New Password"
            inputMode="numeric"
            autoComplete="new-password"
            hint={RESET_PASSWORD_RULE}
            {...bindPassword('newPassword')}
            autoFocus
          />
          <PasswordField
            label="Confirm Password"
            inputMode="numeric"
            autoComplete="new-password"
            {...bindPassword('confirmPassword')}
          />
          <Button type="submit" block loading={reset.isPending}>
            Reset password
          </Button>
        </form>
      )}
    </Modal>
  )
}
