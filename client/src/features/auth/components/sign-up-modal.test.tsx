import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createAccount, findUser, uniqueEmail } from '@/test/factories'
import { renderWithProviders } from '@/test/render'
import { readCode, watchRequests } from '@/test/server'
import { SignUpModal } from './sign-up-modal'

// The dialog talks to the real API (src/test/global-setup.ts).

function setup() {
  const sent = watchRequests()
  const onCreated = vi.fn()
  const onSignIn = vi.fn()
  const user = userEvent.setup()
  renderWithProviders(<SignUpModal onClose={vi.fn()} onSignIn={onSignIn} onCreated={onCreated} />)
  const dialog = screen.getByRole('dialog')
  const field = (label: string) => within(dialog).getByLabelText(label)
  return { sent, onCreated, onSignIn, user, dialog, field }
}

async function fillValid(
  user: ReturnType<typeof userEvent.setup>,
  field: (label: string) => HTMLElement,
  email: string,
) {
  await user.type(field('First Name'), 'Ada')
  await user.type(field('Last Name'), 'Lovelace')
  await user.type(field('Email'), email)
  await user.type(field('Password'), 'secret1')
  await user.type(field('Confirm Password'), 'secret1')
}

describe('sign-up modal', () => {
  it('has the labelled fields the journeys rely on', () => {
    const { field } = setup()
    for (const label of ['First Name', 'Last Name', 'Email', 'Password', 'Confirm Password', 'Member Type']) {
      expect(field(label)).toBeInTheDocument()
    }
    expect(field('Member Type').tagName).toBe('SELECT')
  })

  it('states the sign-up password rule before anything is typed', () => {
    const { field } = setup()
    expect(field('Password')).toHaveAccessibleDescription(
      'At least 6 characters: letters, digits or symbols.',
    )
  })

  it.each([
    ['', 'Sign Up'],
    ['reader', 'Sign Up as Reader'],
    ['author', 'Sign Up as Author/Publisher'],
    ['publisher', 'Sign Up as Author/Publisher'],
  ])('with member type %j there is one enabled submit button, %j', async (type, label) => {
    const { user, field, dialog } = setup()
    if (type) await user.selectOptions(field('Member Type'), type)
    const submits = within(dialog)
      .getAllByRole('button')
      .filter((b) => b.getAttribute('type') === 'submit')
    expect(submits).toHaveLength(1)
    expect(submits[0]).toHaveAccessibleName(label)
    expect(submits[0]).toBeEnabled()
  })

  it('Enter on an empty form shows every message under its field, and editing a field clears only its message', async () => {
    const { user, field, dialog, sent } = setup()
    await user.type(field('First Name'), '{Enter}')
    for (const message of [
      'Name is required.',
      'Last Name is required.',
      'Email is required.',
      'Password is required.',
      'Confirm password is required.',
      'Member Type is required.',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument()
    }
    expect(field('First Name')).toHaveAttribute('aria-invalid', 'true')
    expect(field('First Name')).toHaveAccessibleDescription('Name is required.')

    await user.type(field('First Name'), 'A')
    expect(within(dialog).queryByText('Name is required.')).not.toBeInTheDocument()
    expect(within(dialog).getByText('Last Name is required.')).toBeInTheDocument()
    expect(sent.requests).toHaveLength(0)
  })

  it('shows format, length and match messages', async () => {
    const { user, field, dialog } = setup()
    await user.type(field('Email'), 'ada@example')
    await user.type(field('Password'), 'abc')
    await user.type(field('Confirm Password'), 'abd{Enter}')
    expect(within(dialog).getByText('Invalid email format.')).toBeInTheDocument()
    expect(within(dialog).getByText('Password must be at least 6 characters.')).toBeInTheDocument()
    expect(within(dialog).getByText('Passwords do not match.')).toBeInTheDocument()
  })

  it.each([
    ['reader', 'Sign Up as Reader'],
    ['author', 'Sign Up as Author/Publisher'],
    ['publisher', 'Sign Up as Author/Publisher'],
  ])(
    'as %s creates the account with POST /user/create and hands the email to the OTP step',
    async (role, button) => {
      const email = uniqueEmail(role)
      const { user, field, dialog, sent, onCreated } = setup()
      await fillValid(user, field, email)
      await user.selectOptions(field('Member Type'), role)
      await user.click(within(dialog).getByRole('button', { name: button }))

      await waitFor(() => expect(onCreated).toHaveBeenCalledWith(email))
      const create = sent.requests.find((r) => r.path === '/user/create')
      expect(create?.method).toBe('POST')
      expect(create?.body).toEqual({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        password: 'secret1',
        role,
      })
      expect(create?.headers.authorization).toBeUndefined()
      // The server holds the unverified account and has mailed its code.
      expect(await findUser(email)).toMatchObject({
        first_name: 'Ada',
        last_name: 'Lovelace',
        role,
        is_verified: false,
      })
      expect(await readCode(email)).toMatch(/^\d{4}$/)
    },
  )

  it('shows the server message when the account cannot be created', async () => {
    const existing = await createAccount()
    const { user, field, dialog, onCreated } = setup()
    await fillValid(user, field, existing.email)
    await user.selectOptions(field('Member Type'), 'reader')
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up as Reader' }))
    expect(
      await screen.findByText('An account with this email already exists. Please sign in.'),
    ).toBeInTheDocument()
    expect(onCreated).not.toHaveBeenCalled()
  })

  it('links to Sign In', async () => {
    const { user, dialog, onSignIn } = setup()
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }))
    expect(onSignIn).toHaveBeenCalled()
  })
})
