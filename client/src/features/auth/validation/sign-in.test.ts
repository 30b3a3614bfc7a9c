import { describe, expect, it } from 'vitest'
import { validateSignIn, type SignInValues } from './sign-in'

describe('validateSignIn', () => {
  it.each<[string, SignInValues, Partial<Record<keyof SignInValues, string>>]>([
    ['a complete form', { email: 'ada@example.com', password: 'x' }, {}],
    ['no email', { email: '', password: 'x' }, { email: 'Email is required.' }],
    ['a blank email', { email: '   ', password: 'x' }, { email: 'Email is required.' }],
    ['an email without @', { email: 'ada', password: 'x' }, { email: 'Invalid email format.' }],
    ['an email without a domain', { email: 'ada@', password: 'x' }, { email: 'Invalid email format.' }],
    ['no password', { email: 'ada@example.com', password: '' }, { password: 'Password is required.' }],
    [
      'nothing',
      { email: '', password: '' },
      { email: 'Email is required.', password: 'Password is required.' },
    ],
  ])('%s', (_name, values, expected) => {
    expect(validateSignIn(values)).toEqual(expected)
  })

  it('does not judge the password length (only the server knows the password)', () => {
    expect(validateSignIn({ email: 'ada@example.com', password: '1' })).toEqual({})
  })
})
