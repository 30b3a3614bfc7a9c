import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { User } from '@bookstrut/schemas'
import { addBooks, blockUser, createAccount, type Account, type Role } from '@/test/factories'
import { signInInBrowser } from '@/test/reader'
import { renderWithProviders } from '@/test/render'
import { callApi, watchRequests } from '@/test/server'
import { ProfileForm } from './profile-form'

// The form saves to the real API (src/test/global-setup.ts); each test has its own account.

const MAYA = { firstName: 'Maya', lastName: 'Okafor' }
const MAYA_LINKS = ['https://maya.example.com', 'https://instagram.com/maya']

/** An author with a bio, a website, a social link and 7 listed books; or a reader with none of those. */
async function signedIn(role: Role): Promise<Account> {
  const account =
    role === 'reader'
      ? await createAccount({ ...MAYA, role })
      : await createAccount({ ...MAYA, role, bio: 'Mysteries.', links: MAYA_LINKS })
  if (role !== 'reader') await addBooks(account.id, 7)
  signInInBrowser(account)
  return account
}

/** The account as the server shows it to its owner (what the profile page passes to the form). */
async function ownView(account: Account): Promise<User> {
  const res = await callApi(`/get/single/user?userId=${account.id}`, { token: account.token })
  if (res.status !== 200) throw new Error(`loading ${account.email}: ${res.status} ${res.body.message}`)
  return res.body.data as User
}

async function setup(account: Account) {
  const user = await ownView(account)
  const sent = watchRequests()
  const u = userEvent.setup()
  const { queryClient } = renderWithProviders(<ProfileForm user={user} />)
  const form = screen.getByRole('form')
  const field = (label: string) => within(form).getByLabelText(label)
  return { sent, u, form, field, queryClient }
}

describe('profile form, author and publisher variant', () => {
  it('shows the account with every field disabled until Edit Profile', async () => {
    const { u, form, field } = await setup(await signedIn('author'))
    expect(within(form).getByText('7')).toBeInTheDocument()
    expect(within(form).getByText('Total Titles')).toBeInTheDocument()
    expect(field('First Name')).toHaveValue('Maya')
    expect(field('Website')).toHaveValue('https://maya.example.com')
    expect(field('Social link 1')).toHaveValue('https://instagram.com/maya')
    expect(field('Bio')).toHaveValue('Mysteries.')
    for (const label of [
      'First Name',
      'Last Name',
      'Email Address',
      'Member Type',
      'Password',
      'Confirm Password',
      'Current Password',
      'Website',
      'Bio',
    ]) {
      expect(field(label)).toBeDisabled()
    }
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled()

    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    expect(field('First Name')).toBeEnabled()
    expect(field('Member Type')).toBeEnabled()
    expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled()
  })

  it('offers Author and Publisher as member types', async () => {
    const { field } = await setup(await signedIn('author'))
    const options = within(field('Member Type'))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options).toEqual(['Author', 'Publisher'])
  })

  it('shows each message under its field, clears it on edit, and sends nothing while invalid', async () => {
    const { u, form, field, sent } = await setup(await signedIn('author'))
    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    await u.clear(field('First Name'))
    await u.clear(field('Website'))
    await u.type(field('Website'), 'maya.example.com')
    await u.clear(field('Social link 1'))
    await u.type(field('Social link 1'), 'instagram.com/maya')
    await u.clear(field('Bio'))
    await u.type(field('Bio'), '   ')
    await u.type(field('Password'), 'abcdef')
    await u.click(within(form).getByRole('button', { name: 'Save' }))

    for (const message of [
      'First Name is required.',
      "Website should start with 'http'.",
      "Social link 1 should start with 'http'.",
      'Bio cannot be empty.',
      'Passwords do not match',
      'Enter your current password to set a new one.',
    ]) {
      expect(within(form).getByText(message)).toBeInTheDocument()
    }
    expect(sent.requests).toHaveLength(0)
    await u.type(field('First Name'), 'M')
    expect(within(form).queryByText('First Name is required.')).not.toBeInTheDocument()
    expect(within(form).getByText("Website should start with 'http'.")).toBeInTheDocument()
  })

  it('saves with PUT /update/user?id=<own id> as JSON and leaves edit mode', async () => {
    const account = await signedIn('author')
    const { u, form, field, sent, queryClient } = await setup(account)
    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    await u.selectOptions(field('Member Type'), 'publisher')
    await u.click(within(form).getByRole('button', { name: '+ Add social link' }))
    await u.type(field('Social link 2'), 'https://tiktok.com/@maya')
    await u.type(field('Password'), 'newpass')
    await u.type(field('Confirm Password'), 'newpass')
    await u.type(field('Current Password'), 'secret123')
    await u.click(within(form).getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument()
    const put = sent.requests.find((r) => r.path === '/update/user')
    expect(put?.method).toBe('PUT')
    expect(put?.query.get('id')).toBe(account.id)
    const links = [...MAYA_LINKS, 'https://tiktok.com/@maya']
    expect(put?.body).toEqual({
      first_name: 'Maya',
      last_name: 'Okafor',
      email: account.email,
      role: 'publisher',
      bio: 'Mysteries.',
      websiteAndSocialLinks: links,
      password: 'newpass',
      confirm_password: 'newpass',
      current_password: 'secret123',
    })
    expect(field('First Name')).toBeDisabled()
    expect(field('Password')).toHaveValue('')
    expect(localStorage.getItem('role')).toBe('publisher')
    expect(queryClient.getQueryData(['users', 'me'])).toMatchObject({ role: 'publisher' })
    // The server kept it: the new role and links, and the new password signs in.
    expect(await ownView(account)).toMatchObject({ role: 'publisher', websiteAndSocialLinks: links })
    const login = await callApi('/login-user', {
      method: 'POST',
      body: { email: account.email, password: 'newpass' },
    })
    expect(login.status).toBe(200)
  })

  it('refuses a new password with a wrong current password: the message under the field, nothing changed', async () => {
    const account = await signedIn('author')
    const { u, form, field } = await setup(account)
    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    await u.type(field('Password'), 'newpass')
    await u.type(field('Confirm Password'), 'newpass')
    await u.type(field('Current Password'), 'not-mine')
    await u.click(within(form).getByRole('button', { name: 'Save' }))
    const message = 'Your current password is not correct. Nothing was changed.'
    expect(await within(form).findByText(message)).toBeInTheDocument()
    expect(field('Password')).toBeEnabled()
    // The old password still signs in; the new one does not.
    const login = (password: string) =>
      callApi('/login-user', { method: 'POST', body: { email: account.email, password } })
    expect((await login('secret123')).status).toBe(200)
    expect((await login('newpass')).status).toBe(401)
  })

  it('shows the server message when saving fails and stays in edit mode', async () => {
    // Blocked accounts may read but not write.
    const account = await signedIn('author')
    await blockUser(account.id, 'Spam uploads')
    const { u, form, field } = await setup(account)
    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    await u.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Your account has been blocked.')).toBeInTheDocument()
    expect(field('First Name')).toBeEnabled()
  })

  it('Cancel restores the saved values', async () => {
    const { u, form, field } = await setup(await signedIn('author'))
    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    await u.clear(field('First Name'))
    await u.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(field('First Name')).toHaveValue('Maya')
    expect(field('First Name')).toBeDisabled()
  })
})

describe('profile form, reader variant', () => {
  it('has no banner, website, social links, bio or title count, and a locked Reader member type', async () => {
    const { u, form, field } = await setup(await signedIn('reader'))
    expect(within(form).queryByLabelText('Website')).not.toBeInTheDocument()
    expect(within(form).queryByLabelText('Bio')).not.toBeInTheDocument()
    expect(within(form).queryByLabelText('Social link 1')).not.toBeInTheDocument()
    expect(within(form).queryByText('Total Titles')).not.toBeInTheDocument()
    expect(within(form).queryByRole('img', { name: /banner/i })).not.toBeInTheDocument()
    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    expect(field('Member Type')).toBeDisabled()
    expect(field('Member Type')).toHaveDisplayValue('Reader')
  })

  it('sends only the reader fields', async () => {
    const account = await signedIn('reader')
    const { u, form, sent } = await setup(account)
    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    await u.click(within(form).getByRole('button', { name: 'Save' }))
    await screen.findByText('Profile updated successfully')
    expect(sent.requests[0]?.body).toEqual({
      first_name: 'Maya',
      last_name: 'Okafor',
      email: account.email,
      role: 'reader',
    })
  })
})
