import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { SIGNUP_PASSWORD_RULE } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { AccountFields } from '@/components/account/account-fields'
import { SelectField } from '@/components/ui/field'
import { Modal } from '@/components/ui/modal'
import { errorMessage } from '@/lib/api-client'
import { type FieldErrors, focusFirstInvalid, hasErrors, withoutError } from '@/lib/validation'
import { useCreateUser } from '../api/create-user'
import { submitOnEnter } from './submit-on-enter'
import {
  emptySignUp,
  signUpButtonLabel,
  validateSignUp,
  toMemberType,
  type SignUpField,
  type SignUpValues,
} from '../validation/sign-up'
import shared from './auth-shared.module.css'

const memberTypes = [
  { value: 'reader', label: 'Reader' },
  { value: 'author', label: 'Author' },
  { value: 'publisher', label: 'Publisher' },
] as const

export interface SignUpModalProps {
  onClose: () => void
  onSignIn: () => void
  /** The account was created and a code e-mailed: the OTP dialog takes over. */
  onCreated: (email: string) => void
}

export function SignUpModal({ onClose, onSignIn, onCreated }: SignUpModalProps) {
  const [values, setValues] = useState<SignUpValues>(emptySignUp)
  const [errors, setErrors] = useState<FieldErrors<SignUpField>>({})
  const createUser = useCreateUser()

  const set = <K extends SignUpField>(field: K, value: SignUpValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => withoutError(e, field))
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validateSignUp(values)
    setErrors(found)
    if (hasErrors(found) || values.memberType === '') return focusFirstInvalid(event.currentTarget)
    const email = values.email.trim()
    createUser.mutate(
      {
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
        email,
        password: values.password,
        role: values.memberType,
      },
      {
        onSuccess: ({ message }) => {
          if (message) toast.success(message)
          onCreated(email)
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    )
  }

  const busy = createUser.isPending
  return (
    <Modal
      open
      onClose={onClose}
      title="Create your BookStrut account"
      description="Readers discover books by their ideas. Authors and publishers strut their titles with podblurbs."
    >
      <form className="stack" onSubmit={handleSubmit} onKeyDown={submitOnEnter} noValidate>
        <AccountFields
          layout="rows"
          values={values}
          errors={errors}
          onChange={set}
          emailLabel="Email"
          passwordHint={SIGNUP_PASSWORD_RULE}
          autoFocusFirst
          memberType={
            <SelectField
              label="Member Type"
              placeholder="Choose how you'll use BookStrut"
              options={memberTypes}
              value={values.memberType}
              error={errors.memberType}
              onChange={(e) => set('memberType', toMemberType(e.target.value))}
            />
          }
        />
        <Button type="submit" block loading={busy}>
          {signUpButtonLabel(values.memberType)}
        </Button>
        <p className={shared.modal__switch}>
          Already have an account?{' '}
          <Button variant="link" onClick={onSignIn}>
            Sign In
          </Button>
        </p>
      </form>
    </Modal>
  )
}
