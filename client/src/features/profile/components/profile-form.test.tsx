import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '@bookstrut/schemas'
import { fail, installFakeApi, ok, type FakeResponse, type RecordedRequest } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { ProfileForm } from './profile-form'

const author: User = {
  _id: 'aaaaaaaaaaaaaaaaaaaaaaa1',
  email: 'maya@example.com',
  first_name: 'Maya',
  last_name: 'Okafor',
  role: 'author',
  profileImage: null,
  bannerImage: null,
  bio: 'Mysteries.',
  websiteAndSocialLinks: ['https://maya.example.com', 'https://instagram.com/maya'],
  isBlocked: false,
  notes: '',
  custId: null,
  isVerified: true,
  podcastCount: 7,
  membership: null,
  createdAt: '2026-01-01T00:00:00.000Z',
}
const reader: User = { ...author, role: 'reader', websiteAndSocialLinks: [], bio: '' }

function setup(
  user: User,
  handler: (req: RecordedRequest) => FakeResponse = (req) =>
    ok({ ...user, ...(req.body as object) }, 'Profile updated'),
) {
  const api = installFakeApi(handler)
  const u = userEvent.setup()
  const { queryClient } = renderWithProviders(<ProfileForm user={user} />)
  const form = screen.getByRole('form')
  const field = (label: string) => within(form).getByLabelText(label)
  return { api, u, form, field, queryClient }
}

afterEach(() => vi.unstubAllGlobals())

describe('profile form, author and publisher variant', () => {
  it('shows the account with every field disabled until Edit Profile', async () => {
    const { u, form, field } = setup(author)
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

  it('offers Author and Publisher as member types', () => {
    const { field } = setup(author)
    const options = within(field('Member Type'))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options).toEqual(['Author', 'Publisher'])
  })

  it('shows each message under its field, clears it on edit, and sends nothing while invalid', async () => {
    const { u, form, field, api } = setup(author)
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
    ]) {
      expect(within(form).getByText(message)).toBeInTheDocument()
    }
    expect(api.requests).toHaveLength(0)
    await u.type(field('First Name'), 'M')
    expect(within(form).queryByText('First Name is required.')).not.toBeInTheDocument()
    expect(within(form).getByText("Website should start with 'http'.")).toBeInTheDocument()
  })

  it('saves with PUT /update/user?id=<own id> as JSON and leaves edit mode', async () => {
    const { u, form, field, api, queryClient } = setup(author)
    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    await u.selectOptions(field('Member Type'), 'publisher')
    await u.click(within(form).getByRole('button', { name: '+ Add social link' }))
    await u.type(field('Social link 2'), 'https://tiktok.com/@maya')
    await u.type(field('Password'), 'newpass')
    await u.type(field('Confirm Password'), 'newpass')
    await u.click(within(form).getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Profile updated')).toBeInTheDocument()
    const put = api.requests.find((r) => r.path === '/update/user')
    expect(put?.method).toBe('PUT')
    expect(put?.query.get('id')).toBe(author._id)
    expect(put?.body).toEqual({
      first_name: 'Maya',
      last_name: 'Okafor',
      email: 'maya@example.com',
      role: 'publisher',
      bio: 'Mysteries.',
      websiteAndSocialLinks: [
        'https://maya.example.com',
        'https://instagram.com/maya',
        'https://tiktok.com/@maya',
      ],
      password: 'newpass',
      confirm_password: 'newpass',
    })
    expect(field('First Name')).toBeDisabled()
    expect(field('Password')).toHaveValue('')
    expect(localStorage.getItem('role')).toBe('publisher')
    expect(queryClient.getQueryData(['users', 'me'])).toMatchObject({ role: 'publisher' })
  })

  it('shows the server message when saving fails and stays in edit mode', async () => {
    const { u, form, field } = setup(author, () => fail(409, 'CONFLICT', 'Email already in use'))
    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    await u.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Email already in use')).toBeInTheDocument()
    expect(field('First Name')).toBeEnabled()
  })

  it('Cancel restores the saved values', async () => {
    const { u, form, field } = setup(author)
    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    await u.clear(field('First Name'))
    await u.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(field('First Name')).toHaveValue('Maya')
    expect(field('First Name')).toBeDisabled()
  })
})

describe('profile form, reader variant', () => {
  it('has no banner, website, social links, bio or title count, and a locked Reader member type', async () => {
    const { u, form, field } = setup(reader)
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
    const { u, form, api } = setup(reader)
    await u.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    await u.click(within(form).getByRole('button', { name: 'Save' }))
    await screen.findByText('Profile updated')
    expect(api.requests[0]?.body).toEqual({
      first_name: 'Maya',
      last_name: 'Okafor',
      email: 'maya@example.com',
      role: 'reader',
    })
  })
})
