import { describe, expect, it } from 'vitest'
import type { User } from '@bookstrut/schemas'
import {
  memberTypeOptions,
  profileValuesFromUser,
  toProfileMemberType,
  toUpdateUserBody,
  validateProfile,
  variantOf,
  type ProfileField,
  type ProfileValues,
} from './profile-form'

const valid: ProfileValues = {
  firstName: 'Maya',
  lastName: 'Okafor',
  email: 'maya@example.com',
  memberType: 'author',
  password: '',
  confirmPassword: '',
  currentPassword: '',
  website: 'https://maya.example.com',
  socialLinks: ['https://instagram.com/maya', ''],
  bio: 'I write mysteries.',
}

describe('validateProfile (author and publisher form)', () => {
  it('accepts a complete form', () => {
    expect(validateProfile(valid, 'creator')).toEqual({})
  })

  it.each<[string, Partial<ProfileValues>, ProfileField, string]>([
    ['first name empty', { firstName: '' }, 'firstName', 'First Name is required.'],
    ['first name blank', { firstName: '  ' }, 'firstName', 'First Name is required.'],
    ['last name empty', { lastName: '' }, 'lastName', 'Last Name is required.'],
    ['email empty', { email: '' }, 'email', 'Email is required.'],
    ['email malformed', { email: 'maya@' }, 'email', 'Invalid email format.'],
    ['website without http', { website: 'maya.example.com' }, 'website', "Website should start with 'http'."],
    [
      'website with ftp',
      { website: 'ftp://maya.example.com' },
      'website',
      "Website should start with 'http'.",
    ],
    [
      'first social link without http',
      { socialLinks: ['instagram.com/maya'] },
      'socialLinks.0',
      "Social link 1 should start with 'http'.",
    ],
    [
      'third social link without http',
      { socialLinks: ['https://a.example', '', 'www.tiktok.com/@maya'] },
      'socialLinks.2',
      "Social link 3 should start with 'http'.",
    ],
    ['bio of spaces only', { bio: '   ' }, 'bio', 'Bio cannot be empty.'],
    [
      'passwords differ',
      { password: 'abcdef', confirmPassword: 'abcdeg', currentPassword: 'old-one' },
      'confirmPassword',
      'Passwords do not match',
    ],
    [
      'only the password filled',
      { password: 'abcdef', currentPassword: 'old-one' },
      'confirmPassword',
      'Passwords do not match',
    ],
    [
      'a new password without the current one',
      { password: 'abcdef', confirmPassword: 'abcdef' },
      'currentPassword',
      'Enter your current password to set a new one.',
    ],
    [
      // The sign-up rule, as the server checks a new password.
      'a new password of 5 characters',
      { password: 'abcde', confirmPassword: 'abcde', currentPassword: 'old-one' },
      'password',
      'Password must be at least 6 characters.',
    ],
    [
      'only the confirmation filled',
      { confirmPassword: 'abcdef' },
      'confirmPassword',
      'Passwords do not match',
    ],
  ])('%s gives its message', (_name, change, field, message) => {
    const errors = validateProfile({ ...valid, ...change }, 'creator')
    expect(errors[field]).toBe(message)
    expect(Object.keys(errors)).toEqual([field])
  })

  it.each<[string, Partial<ProfileValues>]>([
    ['an empty website', { website: '' }],
    ['an http website', { website: 'http://maya.example.com' }],
    ['empty social links', { socialLinks: ['', ''] }],
    ['an empty bio', { bio: '' }],
    ['matching passwords', { password: 'abcdef', confirmPassword: 'abcdef', currentPassword: 'old-one' }],
  ])('accepts %s', (_name, change) => {
    expect(validateProfile({ ...valid, ...change }, 'creator')).toEqual({})
  })

  it('reports every bad social link with its own number', () => {
    const errors = validateProfile(
      { ...valid, socialLinks: ['a.example', 'https://ok.example', 'b.example'] },
      'creator',
    )
    expect(errors).toEqual({
      'socialLinks.0': "Social link 1 should start with 'http'.",
      'socialLinks.2': "Social link 3 should start with 'http'.",
    })
  })
})

describe('validateProfile (reader form)', () => {
  it('ignores website, social links and bio, which the reader form does not have', () => {
    expect(
      validateProfile(
        { ...valid, memberType: 'reader', website: 'nope', socialLinks: ['nope'], bio: '  ' },
        'reader',
      ),
    ).toEqual({})
  })

  it('still requires the names and matching passwords', () => {
    expect(validateProfile({ ...valid, firstName: '', lastName: '', password: 'x' }, 'reader')).toEqual({
      firstName: 'First Name is required.',
      lastName: 'Last Name is required.',
      password: 'Password must be at least 6 characters.',
      confirmPassword: 'Passwords do not match',
      currentPassword: 'Enter your current password to set a new one.',
    })
  })
})

describe('toUpdateUserBody', () => {
  it('sends the website first, then the non-empty social links, and no password when none was typed', () => {
    expect(
      toUpdateUserBody(
        { ...valid, firstName: ' Maya ', socialLinks: ['', ' https://x.example/maya ', ''] },
        'creator',
      ),
    ).toEqual({
      first_name: 'Maya',
      last_name: 'Okafor',
      email: 'maya@example.com',
      role: 'author',
      bio: 'I write mysteries.',
      websiteAndSocialLinks: ['https://maya.example.com', 'https://x.example/maya'],
    })
  })

  it('keeps an empty website in the first place', () => {
    expect(
      toUpdateUserBody({ ...valid, website: '', socialLinks: ['https://x.example'] }, 'creator')
        .websiteAndSocialLinks,
    ).toEqual(['', 'https://x.example'])
  })

  it('sends password and confirm_password only when both are filled', () => {
    expect(
      toUpdateUserBody({ ...valid, password: 'abcdef', confirmPassword: 'abcdef' }, 'creator'),
    ).toMatchObject({
      password: 'abcdef',
      confirm_password: 'abcdef',
    })
    expect(toUpdateUserBody({ ...valid, password: 'abcdef' }, 'creator')).not.toHaveProperty('password')
    expect(toUpdateUserBody({ ...valid, confirmPassword: 'abcdef' }, 'creator')).not.toHaveProperty(
      'confirm_password',
    )
  })

  it('sends no bio or links for a reader', () => {
    expect(toUpdateUserBody({ ...valid, memberType: 'reader' }, 'reader')).toEqual({
      first_name: 'Maya',
      last_name: 'Okafor',
      email: 'maya@example.com',
      role: 'reader',
    })
  })
})

describe('profile form set-up', () => {
  const user: User = {
    _id: 'aaaaaaaaaaaaaaaaaaaaaaa1',
    email: 'maya@example.com',
    first_name: 'Maya',
    last_name: 'Okafor',
    role: 'publisher',
    profileImage: null,
    bannerImage: null,
    bio: 'Bio',
    websiteAndSocialLinks: ['https://maya.example.com', 'https://a.example', 'https://b.example'],
    isBlocked: false,
    notes: '',
    custId: null,
    isVerified: true,
    podcastCount: 2,
    membership: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  }

  it('splits websiteAndSocialLinks into the website and the social links', () => {
    expect(profileValuesFromUser(user)).toMatchObject({
      memberType: 'publisher',
      website: 'https://maya.example.com',
      socialLinks: ['https://a.example', 'https://b.example'],
      password: '',
      confirmPassword: '',
    })
  })

  it('offers one empty social link box when there are none', () => {
    expect(profileValuesFromUser({ ...user, websiteAndSocialLinks: [] })).toMatchObject({
      website: '',
      socialLinks: [''],
    })
  })

  it.each([
    ['reader', 'reader', ['reader']],
    ['author', 'creator', ['author', 'publisher']],
    ['publisher', 'creator', ['author', 'publisher']],
  ] as const)('a %s gets the %s form and member types %j', (role, variant, options) => {
    expect(variantOf(role)).toBe(variant)
    expect(memberTypeOptions(variant).map((o) => o.value)).toEqual(options)
  })

  it('keeps the current member type for an unexpected select value', () => {
    expect(toProfileMemberType('publisher', 'author')).toBe('publisher')
    expect(toProfileMemberType('admin', 'author')).toBe('author')
  })
})
