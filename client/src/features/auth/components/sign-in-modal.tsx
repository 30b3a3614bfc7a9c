import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { PasswordField, TextField } from '@/components/ui/field'
import { Modal } from '@/components/ui/modal'
import { errorMessage, isApiError } from '@/lib/api-client'
import { type FieldErrors, fieldBinder, focusFirstInvalid, hasErrors, withoutError } from '@/lib/validation'
import { useLogin } from '../api/login'
import { startSession } from '../hooks/use-session-actions'
import { validateSignIn, type SignInField, type SignInValues } from '../validation/sign-in'
import shared from './auth-shared.module.css'
import styles from './sign-in-modal.module.css'
import { form } from '@/components/ui/form'

export const LOGIN_SUCCESS_MESSAGE = 'User login successfully!'

export interface SignInModalProps {
  onClose: () => void
  onSignUp: () => void
  onForgotPassword: () => void
  /** The account is not verified yet: the server sent a new code and the OTP dialog takes over. */
  onOtpRequired: (email: string) => void
  onBlocked: (notes: string) => void
}

export function SignInModal({
  onClose,
  onSignUp,
  onForgotPassword,
  onOtpRequired,
  onBlocked,
}: SignInModalProps) {
  const queryClient = useQueryClient()
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' })
  const [errors, setErrors] = useState<FieldErrors<SignInField>>({})
  const [serverError, setServerError] = useState('')
  const login = useLogin()

  const set = (field: SignInField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => withoutError(e, field))
    setServerError('')
  }
  const bind = fieldBinder(values, errors, set)

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validateSignIn(values)
    setErrors(found)
    if (hasErrors(found)) return focusFirstInvalid(event.currentTarget)
    const email = values.email.trim()
    login.mutate(
      { email, password: values.password },
      {
        onSuccess: ({ data }) => {
          startSession(queryClient, data)
          toast.success(LOGIN_SUCCESS_MESSAGE)
          if (data.isBlocked) onBlocked(data.notes)
          else onClose()
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 403 && error.code === 'OTP_REQUIRED') {
            toast.info(error.message)
            onOtpRequired(email)
            return
          }
          const message = errorMessage(error, 'Login failed')
          setServerError(message)
          toast.error(message)
        },
      },
    )
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Welcome back"
      description="Sign in to like, save and strut your titles."
    >
      <form className="stack" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...bind('email')}
          data-autofocus
        />
        <PasswordField label="Password" autoComplete="current-password" {...bind('password')} />
        <div className={styles['form-aside']}>
          <Button variant="link" onClick={onForgotPassword}>
            Forgot password?
          </Button>
        </div>
        {serverError && (
          <p className={form.alert} role="alert">
            {serverError}
          </p>
        )}
        <Button type="submit" block loading={login.isPending}>
          Sign In
        </Button>
        <p className={shared.modal__switch}>
          New to BookStrut?{' '}
          <Button variant="link" onClick={onSignUp}>
            Sign Up
          </Button>
        </p>
      </form>
    </Modal>
  )
}
