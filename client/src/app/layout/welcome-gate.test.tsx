import { randomBytes } from 'node:crypto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { WELCOME_TITLE } from '@/features/memberships/components/welcome-modal'
import { blockUser, createAccount, type Role } from '@/test/factories'
import { renderRoutes } from '@/test/render'
import { holdPlan } from '@/test/analytics-fixtures'
import { signInInBrowser } from '@/test/reader'
import { readCode } from '@/test/server'
import { routes } from '../router'

// The Welcome modal (spec reader-and-account section 4) on the real API: once, to a free-plan author or publisher.

const welcome = () => screen.queryByRole('dialog', { name: WELCOME_TITLE })

/** Renders / and waits for the session check (the account menu shows the signed-in account). */
async function renderHome() {
  const result = renderRoutes(routes, '/')
  await screen.findByRole('button', { name: 'Account menu' })
  return result
}

describe('the Welcome modal', () => {
  it.each<Role>(['author', 'publisher'])(
    'greets a free-plan %s once: dismissed, it stays away for that account',
    async (role) => {
      const account = await createAccount({ role })
      signInInBrowser(account)
      const user = userEvent.setup()
      const { unmount } = await renderHome()
      const dialog = await screen.findByRole('dialog', { name: WELCOME_TITLE })
      expect(within(dialog).getByText(/Starter Strut/)).toBeInTheDocument()
      await user.click(within(dialog).getByRole('button', { name: 'Maybe Later' }))
      expect(welcome()).not.toBeInTheDocument()
      expect(localStorage.getItem('hasSeenWelcome')).toBe(account.id)
      unmount()

      await renderHome()
      await new Promise((r) => setTimeout(r, 100))
      expect(welcome()).not.toBeInTheDocument()
    },
  )

  it('greets the next account signing in on the same browser, whose id is not the one stored', async () => {
    const account = await createAccount({ role: 'author' })
    signInInBrowser(account, account.role, { hasSeenWelcome: 'someone-else' })
    await renderHome()
    expect(await screen.findByRole('dialog', { name: WELCOME_TITLE })).toBeInTheDocument()
  })

  it('is not shown to readers, to paid-plan authors or to blocked authors', async () => {
    const reader = await createAccount({ role: 'reader' })
    const paid = await createAccount({ role: 'author' })
    await holdPlan(paid.id, 'Pro Strut')
    const blocked = await createAccount({ role: 'author' })
    await blockUser(blocked.id)
    for (const [account, extra] of [
      [reader, {}],
      [paid, {}],
      [blocked, { isBlocked: 'true' }],
    ] as const) {
      localStorage.clear()
      signInInBrowser(account, account.role, extra)
      const { unmount } = renderRoutes(routes, '/')
      await waitFor(() => expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull())
      await new Promise((r) => setTimeout(r, 300))
      expect(welcome()).not.toBeInTheDocument()
      unmount()
    }
  })

  it('waits while another dialog is open (Format & Limits on the upload page) and comes once it is closed', async () => {
    const account = await createAccount({ role: 'author' })
    signInInBrowser(account)
    const user = userEvent.setup()
    renderRoutes(routes, '/upload-book')
    const notice = await screen.findByRole('dialog', { name: 'Format & Limits' })
    await new Promise((r) => setTimeout(r, 300))
    expect(welcome()).not.toBeInTheDocument()
    await user.click(within(notice).getByRole('button', { name: 'Go For 1 Free Upload' }))
    expect(await screen.findByRole('dialog', { name: WELCOME_TITLE })).toBeInTheDocument()
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
  })
})

describe('the Welcome modal after signing up', () => {
  it('comes only once the sign-up and OTP dialogs have closed, alone', async () => {
    const email = `welcome.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`
    const user = userEvent.setup()
    renderRoutes(routes, '/')
    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Sign Up' }))
    const signUp = screen.getByRole('dialog')
    await user.type(within(signUp).getByLabelText('First Name'), 'Rosa')
    await user.type(within(signUp).getByLabelText('Last Name'), 'Vance')
    await user.type(within(signUp).getByLabelText('Email'), email)
    await user.type(within(signUp).getByLabelText('Password', { exact: true }), 'secret123')
    await user.type(within(signUp).getByLabelText('Confirm Password'), 'secret123')
    await user.selectOptions(within(signUp).getByLabelText('Member Type'), 'author')
    await user.click(within(signUp).getByRole('button', { name: 'Sign Up as Author/Publisher' }))
    const first = await screen.findByLabelText('OTP digit 1')
    expect(welcome()).not.toBeInTheDocument()
    await user.click(first)
    await user.keyboard(await readCode(email))
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('dialog', { name: WELCOME_TITLE })).toBeInTheDocument()
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
  })
})
