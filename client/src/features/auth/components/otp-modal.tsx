import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { errorMessage } from '@/lib/api-client'
import { cooldownSeconds, isWrongCode } from '../api/otp-errors'
import { useResendSignUpOtp } from '../api/resend-signup-otp'
import { useVerifySignUpOtp } from '../api/verify-signup-otp'
import { formatCountdown, useCountdown } from '../hooks/use-countdown'
import { startSession } from '../hooks/use-session-actions'
import { emptyOtp, isOtpComplete, missingDigits, OTP_DIGITS, otpValue } from '../validation/otp'
import { OtpBoxes, type OtpBoxesHandle } from './otp-boxes'
import { EmailAddress } from '@/components/ui/email-address'
import shared from './auth-shared.module.css'
import styles from './otp-modal.module.css'
import { form } from '@/components/ui/form'

/** Sign-up resend cooldown (spec reader-and-account section 9). */
export const SIGNUP_RESEND_SECONDS = 30

export interface OtpModalProps {
  email: string
  onClose: () => void
  /** Called after a successful verification, with the blocked flag and admin note of the new session. */
  onVerified: (session: { isBlocked: boolean; notes: string }) => void
}

/**
 * The 4-digit sign-up verification dialog. It is not dismissed by the backdrop or Escape (only by its close
 * button) and warns before the page is left while it is open.
 */
export function OtpModal({ email, onClose, onVerified }: OtpModalProps) {
  const queryClient = useQueryClient()
  const [digits, setDigits] = useState<string[]>(emptyOtp)
  const [invalid, setInvalid] = useState<boolean[]>(() => Array.from({ length: OTP_DIGITS }, () => false))
  const [formError, setFormError] = useState('')
  const boxes = useRef<OtpBoxesHandle>(null)
  const cooldown = useCountdown(SIGNUP_RESEND_SECONDS)
  const verify = useVerifySignUpOtp()
  const resend = useResendSignUpOtp()
  const hintId = useId()

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers need returnValue set to show the leave-page prompt.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [])

  const handleChange = (next: string[]) => {
    setDigits(next)
    // A red box turns normal once it holds a digit.
    setInvalid((flags) => flags.map((flag, i) => flag && next[i] === ''))
    setFormError('')
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!isOtpComplete(digits)) {
      setInvalid(missingDigits(digits))
      setFormError('Please enter all 4 digits of the code.')
      const firstEmpty = digits.findIndex((d) => d === '')
      boxes.current?.focus(firstEmpty === -1 ? 0 : firstEmpty)
      return
    }
    verify.mutate(
      { email, otp: otpValue(digits) },
      {
        onSuccess: ({ data, message }) => {
          startSession(queryClient, data)
          toast.success(message || data.message || 'Your account is verified.')
          onVerified({ isBlocked: data.isBlocked, notes: data.notes })
        },
        onError: (error) => {
          toast.error(errorMessage(error))
          if (isWrongCode(error)) {
            setDigits(emptyOtp())
            setInvalid(Array.from({ length: OTP_DIGITS }, () => true))
            boxes.current?.focus(0)
          }
        },
      },
    )
  }

  const handleResend = () => {
    resend.mutate(email, {
      onSuccess: ({ data }) => {
        toast.success('OTP has been resent to your email.')
        cooldown.start(data.resendAfter > 0 ? data.resendAfter : SIGNUP_RESEND_SECONDS)
        setDigits(emptyOtp())
        setInvalid(Array.from({ length: OTP_DIGITS }, () => false))
        boxes.current?.focus(0)
      },
      onError: (error) => {
        toast.error(errorMessage(error, 'Failed to resend OTP'))
        const retryAfter = cooldownSeconds(error)
        if (retryAfter !== null) cooldown.start(retryAfter)
      },
    })
  }

  return (
    <Modal open onClose={onClose} dismissible={false} size="sm" title="Verify your email">
      <form className="stack" onSubmit={handleSubmit} noValidate>
        <p className="muted" id={hintId}>
          We sent a 4-digit code to{' '}
          <strong>
            <EmailAddress value={email} />
          </strong>
          . Enter it below to activate your account.
        </p>
        <OtpBoxes
          ref={boxes}
          digits={digits}
          invalid={invalid}
          onChange={handleChange}
          describedBy={hintId}
        />
        {formError && (
          <p className={`${form.error} ${shared['text-center']}`} role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" block loading={verify.isPending}>
          Verify
        </Button>
        <p className={styles['otp-resend']}>
          Didn&apos;t get the code?{' '}
          <Button
            variant="link"
            onClick={handleResend}
            disabled={cooldown.running}
            loading={resend.isPending}
            aria-describedby={cooldown.running ? `${hintId}-cooldown` : undefined}
          >
            Resend code
          </Button>
          {cooldown.running && (
            <span className={shared['otp-resend__timer']} id={`${hintId}-cooldown`} aria-live="off">
              {' '}
              in {formatCountdown(cooldown.seconds)}
            </span>
          )}
        </p>
      </form>
    </Modal>
  )
}
