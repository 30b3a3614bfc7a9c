import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, installFakeApi, ok, type FakeResponse, type RecordedRequest } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { ForgotPasswordModal } from './forgot-password-modal'

const EMAIL = 'ada@example.com'

function setup(handler: (req: RecordedRequest) => FakeResponse) {
  const api = installFakeApi(handler)
  const onClose = vi.fn()
  const user = userEvent.setup()
  renderWithProviders(<ForgotPasswordModal onClose={onClose} onSignIn={vi.fn()} />)
  const dialog = () => screen.getByRole('dialog')
  return { api, onClose, user, dialog }
}

const server =
  (overrides: Partial<Record<string, FakeResponse>> = {}) =>
  (req: RecordedRequest) =>
    overrides[req.path] ??
    (req.path === '/sentOtp/user'
      ? ok({ email: EMAIL, resendAfter: 120 }, 'OTP sent to your email.')
      : ok(null, 'done'))

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('forgot-password wizard', () => {
  it('step 1 validates the email before sending the code', async () => {
    const { user, dialog, api } = setup(server())
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }))
    expect(within(dialog()).getByText('Email is required')).toBeInTheDocument()
    await user.type(within(dialog()).getByLabelText('Email'), 'ada@example.c')
    expect(within(dialog()).queryByText('Email is required')).not.toBeInTheDocument()
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }))
    expect(within(dialog()).getByText('Invalid email format')).toBeInTheDocument()
    expect(api.requests).toHaveLength(0)
  })

  it('walks through the three steps and resets the password', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { user, dialog, api, onClose } = setup(server())

    await user.type(within(dialog()).getByLabelText('Email'), EMAIL)
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }))
    expect(await within(dialog()).findByLabelText('OTP')).toBeInTheDocument()
    expect(api.requests[0]).toMatchObject({ method: 'POST', path: '/sentOtp/user', body: { email: EMAIL } })

    // Step 2: digits only, exactly four; resend waits 120 s.
    const otp = within(dialog()).getByLabelText('OTP')
    expect(within(dialog()).getByRole('button', { name: 'Resend code' })).toBeDisabled()
    expect(within(dialog()).getByText(/in 2:00/)).toBeInTheDocument()
    await user.click(within(dialog()).getByRole('button', { name: 'Verify code' }))
    expect(within(dialog()).getByText('OTP is required')).toBeInTheDocument()
    await user.type(otp, '1a2')
    expect(otp).toHaveValue('12')
    await user.click(within(dialog()).getByRole('button', { name: 'Verify code' }))
    expect(within(dialog()).getByText('OTP must be 4 digits')).toBeInTheDocument()
    await user.type(otp, '34')
    await user.click(within(dialog()).getByRole('button', { name: 'Verify code' }))
    expect(await screen.findByText('OTP verified successfully')).toBeInTheDocument()
    expect(api.requests.find((r) => r.path === '/verifyOtp/user')?.body).toEqual({
      email: EMAIL,
      otp: '1234',
    })

    // Step 3: numeric password of at least 6 digits, confirmed.
    const newPassword = await within(dialog()).findByLabelText('New Password')
    await user.type(newPassword, '12345')
    await user.click(within(dialog()).getByRole('button', { name: 'Reset password' }))
    expect(within(dialog()).getByText('Password must be 6 digits')).toBeInTheDocument()
    expect(within(dialog()).getByText('Confirm password is required')).toBeInTheDocument()
    await user.type(newPassword, '6')
    await user.type(within(dialog()).getByLabelText('Confirm Password'), '123457')
    await user.click(within(dialog()).getByRole('button', { name: 'Reset password' }))
    expect(within(dialog()).getByText('Passwords do not match')).toBeInTheDocument()
    await user.clear(within(dialog()).getByLabelText('Confirm Password'))
    await user.type(within(dialog()).getByLabelText('Confirm Password'), '123456')
    await user.click(within(dialog()).getByRole('button', { name: 'Reset password' }))

    expect(await screen.findByText('Password reset successful')).toBeInTheDocument()
    expect(api.requests.find((r) => r.path === '/forgot-password/user')?.body).toEqual({
      email: EMAIL,
      newPassword: '123456',
      confirmPassword: '123456',
    })
    expect(onClose).toHaveBeenCalled()
  })

  it('step 2 resends after the 120 s cooldown and Back returns to step 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { user, dialog, api } = setup(server())
    await user.type(within(dialog()).getByLabelText('Email'), EMAIL)
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }))
    const resend = await within(dialog()).findByRole('button', { name: 'Resend code' })
    for (let i = 0; i < 120; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000)
      })
    }
    expect(resend).toBeEnabled()
    await user.click(resend)
    await vi.waitFor(() => expect(api.requests.filter((r) => r.path === '/sentOtp/user')).toHaveLength(2))
    expect(within(dialog()).getByRole('button', { name: 'Resend code' })).toBeDisabled()

    await user.click(within(dialog()).getByRole('button', { name: 'Back' }))
    expect(within(dialog()).getByLabelText('Email')).toHaveValue(EMAIL)
  })

  it('a wrong code shows the server message and stays on step 2', async () => {
    const { user, dialog } = setup(server({ '/verifyOtp/user': fail(400, 'OTP_INVALID', 'Invalid OTP') }))
    await user.type(within(dialog()).getByLabelText('Email'), EMAIL)
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }))
    await user.type(await within(dialog()).findByLabelText('OTP'), '9999')
    await user.click(within(dialog()).getByRole('button', { name: 'Verify code' }))
    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument()
    expect(within(dialog()).getByLabelText('OTP')).toBeInTheDocument()
  })
})
