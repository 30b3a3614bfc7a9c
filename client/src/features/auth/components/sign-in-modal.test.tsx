import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setUnauthorizedHandler } from '@/lib/api-client'
import { fail, installFakeApi, ok, type FakeResponse, type RecordedRequest } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { SignInModal } from './sign-in-modal'

const session = (isBlocked: boolean) => ({
  _id: 'aaaaaaaaaaaaaaaaaaaaaaa1',
  role: 'author',
  token: 'tok-9',
  isBlocked,
  notes: isBlocked ? 'Spam uploads' : '',
  message: 'ok',
})

function setup(handler: (req: RecordedRequest) => FakeResponse) {
  const api = installFakeApi(handler)
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
  return { api, props, user, dialog, submit }
}

afterEach(() => vi.unstubAllGlobals())

describe('sign-in modal', () => {
  it.each([
    ['', '', ['Email is required.', 'Password is required.']],
    ['ada', 'x', ['Invalid email format.']],
    ['ada@example.com', '', ['Password is required.']],
  ])('email %j and password %j show %j and send nothing', async (email, password, messages) => {
    const { dialog, submit, api } = setup(() => ok(null))
    await submit(email, password)
    for (const message of messages) expect(within(dialog).getByText(message)).toBeInTheDocument()
    expect(api.requests).toHaveLength(0)
  })

  it('stores the session, toasts "User login successfully!" and closes', async () => {
    const { submit, api, props } = setup((req) =>
      req.path === '/login-user' ? ok(session(false)) : ok(null),
    )
    await submit('ada@example.com', 'secret1')
    expect(await screen.findByText('User login successfully!')).toBeInTheDocument()
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      path: '/login-user',
      body: { email: 'ada@example.com', password: 'secret1' },
    })
    expect(localStorage.getItem('token')).toBe('tok-9')
    expect(localStorage.getItem('userId')).toBe('aaaaaaaaaaaaaaaaaaaaaaa1')
    expect(localStorage.getItem('role')).toBe('author')
    expect(localStorage.getItem('isLogin')).toBe('true')
    expect(props.onClose).toHaveBeenCalled()
    expect(props.onBlocked).not.toHaveBeenCalled()
  })

  it('opens the blocked notice with the admin note for a blocked account', async () => {
    const { submit, props } = setup((req) => (req.path === '/login-user' ? ok(session(true)) : ok(null)))
    await submit('ada@example.com', 'secret1')
    await vi.waitFor(() => expect(props.onBlocked).toHaveBeenCalledWith('Spam uploads'))
    expect(localStorage.getItem('isBlocked')).toBe('true')
    expect(props.onClose).not.toHaveBeenCalled()
  })

  it('opens the OTP step for an unverified account (403 OTP_REQUIRED)', async () => {
    const { submit, props } = setup(() =>
      fail(403, 'OTP_REQUIRED', 'Please verify your email. A new code was sent.'),
    )
    await submit('ada@example.com', 'secret1')
    await vi.waitFor(() => expect(props.onOtpRequired).toHaveBeenCalledWith('ada@example.com'))
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('a 401 for bad credentials only shows the server message (no redirect, storage kept)', async () => {
    const redirect = vi.fn()
    setUnauthorizedHandler(redirect)
    localStorage.setItem('searchMode', 'surface')
    const { submit, dialog } = setup(() => fail(401, 'INVALID_CREDENTIALS', 'Invalid email or password.'))
    await submit('ada@example.com', 'wrong1')
    expect(await within(dialog).findByText('Invalid email or password.')).toBeInTheDocument()
    expect(redirect).not.toHaveBeenCalled()
    expect(localStorage.getItem('searchMode')).toBe('surface')
  })

  it('links to Sign Up and Forgot password?', async () => {
    const { user, dialog, props } = setup(() => ok(null))
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }))
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }))
    expect(props.onSignUp).toHaveBeenCalled()
    expect(props.onForgotPassword).toHaveBeenCalled()
  })
})
