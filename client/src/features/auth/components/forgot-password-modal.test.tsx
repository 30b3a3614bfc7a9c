import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { backdateCode, createAccount, uniqueEmail } from '@/test/factories'
import { renderWithProviders } from '@/test/render'
import { callApi, readCode, SERVER_WAIT, sessionIsLive, watchRequests } from '@/test/server'
import { ForgotPasswordModal } from './forgot-password-modal'

// The wizard talks to the real API (src/test/global-setup.ts); reset codes are read from its outbox.

function setup() {
  const sent = watchRequests()
  const onClose = vi.fn()
  const user = userEvent.setup()
  renderWithProviders(<ForgotPasswordModal onClose={onClose} onSignIn={vi.fn()} />)
  const dialog = () => screen.getByRole('dialog')
  return { sent, onClose, user, dialog }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('forgot-password wizard', () => {
  it('step 1 validates the email before sending the code', async () => {
    const { user, dialog, sent } = setup()
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }))
    expect(within(dialog()).getByText('Email is required')).toBeInTheDocument()
    await user.type(within(dialog()).getByLabelText('Email'), 'ada@example.c')
    expect(within(dialog()).queryByText('Email is required')).not.toBeInTheDocument()
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }))
    expect(within(dialog()).getByText('Invalid email format')).toBeInTheDocument()
    expect(sent.requests).toHaveLength(0)
  })

  it('walks through the three steps and resets the password', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const account = await createAccount()
    const { user, dialog, sent, onClose } = setup()

    await user.type(within(dialog()).getByLabelText('Email'), account.email)
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }))
    expect(await within(dialog()).findByLabelText('OTP')).toBeInTheDocument()
    expect(sent.requests[0]).toMatchObject({
      method: 'POST',
      path: '/sentOtp/user',
      body: { email: account.email },
    })
    // One OTP mail.
    const code = await readCode(account.email)

    // Step 2: digits only, exactly four; resend waits 120 s.
    const otp = within(dialog()).getByLabelText('OTP')
    expect(within(dialog()).getByRole('button', { name: 'Resend code' })).toBeDisabled()
    expect(within(dialog()).getByText(/in 2:00/)).toBeInTheDocument()
    await user.click(within(dialog()).getByRole('button', { name: 'Verify code' }))
    expect(within(dialog()).getByText('OTP is required')).toBeInTheDocument()
    await user.type(otp, `${code[0]}a${code[1]}`)
    expect(otp).toHaveValue(code.slice(0, 2))
    await user.click(within(dialog()).getByRole('button', { name: 'Verify code' }))
    expect(within(dialog()).getByText('OTP must be 4 digits')).toBeInTheDocument()
    await user.type(otp, code.slice(2))
    await user.click(within(dialog()).getByRole('button', { name: 'Verify code' }))
    expect(await screen.findByText('OTP verified successfully')).toBeInTheDocument()
    expect(sent.requests.find((r) => r.path === '/verifyOtp/user')?.body).toEqual({
      email: account.email,
      otp: code,
    })

    // Step 3: numeric password of at least 6 digits, confirmed; the rule is stated before anything is typed.
    const newPassword = await within(dialog()).findByLabelText('New Password')
    expect(newPassword).toHaveAccessibleDescription('At least 6 digits, numbers only (0-9).')
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
    // Step 3 carries step 2's one-time reset token, in the body only: never in a URL or in storage.
    const resetBody = sent.requests.find((r) => r.path === '/forgot-password/user')?.body
    expect(resetBody).toEqual({
      email: account.email,
      newPassword: '123456',
      confirmPassword: '123456',
      resetToken: expect.stringMatching(/^[\w-]{43}$/),
    })
    const { resetToken } = resetBody as { resetToken: string }
    for (const r of sent.requests) expect(`${r.path}?${r.query.toString()}`).not.toContain(resetToken)
    expect(location.href).not.toContain(resetToken)
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(resetToken)
    expect(onClose).toHaveBeenCalled()
    // On the server: the new password signs in, and the sessions from before the reset have ended.
    const login = await callApi('/login-user', {
      method: 'POST',
      body: { email: account.email, password: '123456' },
    })
    expect(login.status).toBe(200)
    expect(await sessionIsLive(account.token)).toBe(false)
  })

  it('step 2 resends after the 120 s cooldown and Back returns to step 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    // An address without an account: the server answers exactly as for a registered one (so the call cannot
    // tell who is registered, the 120 s cooldown included) and mails nothing, so this test costs no OTP mail
    // (its two requests still count against the per-IP code limit, as they would for an account).
    const email = uniqueEmail('nobody')
    const { user, dialog, sent } = setup()
    await user.type(within(dialog()).getByLabelText('Email'), email)
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }))
    const resend = await within(dialog()).findByRole('button', { name: 'Resend code' })
    expect(resend).toBeDisabled()
    for (let i = 0; i < 120; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000)
      })
    }
    expect(resend).toBeEnabled()
    // The server's cooldown runs on its own clock: move its (decoy) code's send time back by 120 s too.
    await backdateCode(email, 'reset', 121)
    await user.click(resend)
    await vi.waitFor(
      () => expect(sent.requests.filter((r) => r.path === '/sentOtp/user')).toHaveLength(2),
      SERVER_WAIT,
    )
    await vi.waitFor(
      () => expect(within(dialog()).getByRole('button', { name: 'Resend code' })).toBeDisabled(),
      SERVER_WAIT,
    )
    // The button is disabled while the request runs too: wait for the answer before reading the countdown.
    await sent.settled()
    await vi.waitFor(() => expect(within(dialog()).getByText(/in 2:00/)).toBeInTheDocument(), SERVER_WAIT)

    await user.click(within(dialog()).getByRole('button', { name: 'Back' }))
    expect(within(dialog()).getByLabelText('Email')).toHaveValue(email)
  })

  it('a wrong code shows the server message and stays on step 2', async () => {
    const account = await createAccount()
    const { user, dialog } = setup()
    await user.type(within(dialog()).getByLabelText('Email'), account.email)
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }))
    const otp = await within(dialog()).findByLabelText('OTP')
    // One OTP mail; typed is any other code.
    const code = await readCode(account.email)
    await user.type(otp, code === '9999' ? '9998' : '9999')
    await user.click(within(dialog()).getByRole('button', { name: 'Verify code' }))
    expect(await screen.findByText('Invalid OTP. Please check the code and try again.')).toBeInTheDocument()
    expect(within(dialog()).getByLabelText('OTP')).toBeInTheDocument()
  })
})
