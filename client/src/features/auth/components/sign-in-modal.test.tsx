import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { setUnauthorizedHandler } from '@/lib/api-client'
import { blockUser, createAccount, createPendingAccount } from '@/test/factories'
import { renderWithProviders } from '@/test/render'
import { readCode, sessionIsLive, watchRequests } from '@/test/server'
import { SignInModal } from './sign-in-modal'

// The dialog signs in against the real API (src/test/global-setup.ts). Each test below that submits valid
// input is one login attempt from 127.0.0.1 (the server allows 30 per 15 minutes per IP).

function setup() {
  const sent = watchRequests()
  const props = {
    onClose: vi.fn(),
    onSignUp: vi.fn(),
    onForgotPassword: vi.fn(),
    onOtpRequired: vi.fn(),
    onBlocked: vi.fn(),
  }
  const user = userEvent.setup()
  renderWithProviders(<SignInModal {...props} />)
  const dialog = screen.getByRole('dialog')
  const submit = async (email: string, password: string) => {
    if (email) await user.type(within(dialog).getByLabelText('Email'), email)
    if (password) await user.type(within(dialog).getByLabelText('Password'), password)
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }))
  }
  return { sent, props, user, dialog, submit }
}

describe('sign-in modal', () => {
  it.each([
    ['', '', ['Email is required.', 'Password is required.']],
    ['ada', 'x', ['Invalid email format.']],
    ['ada@example.com', '', ['Password is required.']],
  ])('email %j and password %j show %j and send nothing', async (email, password, messages) => {
    const { dialog, submit, sent } = setup()
    await submit(email, password)
    for (const message of messages) expect(within(dialog).getByText(message)).toBeInTheDocument()
    expect(sent.requests).toHaveLength(0)
  })

  it('stores the session, toasts "User login successfully!" and closes', async () => {
    const account = await createAccount({ role: 'author' })
    const { submit, sent, props } = setup()
    await submit(account.email, account.password)
    expect(await screen.findByText('User login successfully!')).toBeInTheDocument()
    expect(sent.requests[0]).toMatchObject({
      method: 'POST',
      path: '/login-user',
      body: { email: account.email, password: account.password },
    })
    const token = localStorage.getItem('token')
    expect(token).toBeTruthy()
    expect(await sessionIsLive(token!)).toBe(true)
    expect(localStorage.getItem('userId')).toBe(account.id)
    expect(localStorage.getItem('role')).toBe('author')
    expect(localStorage.getItem('isLogin')).toBe('true')
    expect(props.onClose).toHaveBeenCalled()
    expect(props.onBlocked).not.toHaveBeenCalled()
  })

  it('opens the blocked notice with the admin note for a blocked account', async () => {
    const account = await createAccount({ role: 'author' })
    await blockUser(account.id, 'Spam uploads')
    const { submit, props } = setup()
    await submit(account.email, account.password)
    await waitFor(() => expect(props.onBlocked).toHaveBeenCalledWith('Spam uploads'))
    expect(localStorage.getItem('isBlocked')).toBe('true')
    expect(props.onClose).not.toHaveBeenCalled()
  })

  it('opens the OTP step for an unverified account (403 OTP_REQUIRED)', async () => {
    // One OTP mail: the server sends a fresh code with its 403.
    const pending = await createPendingAccount()
    const { submit, props } = setup()
    await submit(pending.email, pending.password)
    await waitFor(() => expect(props.onOtpRequired).toHaveBeenCalledWith(pending.email))
    expect(
      await screen.findByText('Please verify your email first. We have sent you a code.'),
    ).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBeNull()
    expect(await readCode(pending.email)).toMatch(/^\d{4}$/)
  })

  it('a 401 for bad credentials only shows the server message (no redirect, storage kept)', async () => {
    const redirect = vi.fn()
    setUnauthorizedHandler(redirect)
    localStorage.setItem('searchMode', 'surface')
    const account = await createAccount()
    const { submit, dialog } = setup()
    await submit(account.email, 'wrong1')
    expect(await within(dialog).findByText('Invalid email or password.')).toBeInTheDocument()
    expect(redirect).not.toHaveBeenCalled()
    expect(localStorage.getItem('searchMode')).toBe('surface')
  })

  it('links to Sign Up and Forgot password?', async () => {
    const { user, dialog, props } = setup()
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }))
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }))
    expect(props.onSignUp).toHaveBeenCalled()
    expect(props.onForgotPassword).toHaveBeenCalled()
  })
})
