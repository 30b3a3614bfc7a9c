import { describe, expect, it } from 'vitest'
import {
  emptySignUp,
  signUpButtonLabel,
  toMemberType,
  validateSignUp,
  type SignUpField,
  type SignUpValues,
} from './sign-up'

const valid: SignUpValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  memberType: 'reader',
}

describe('validateSignUp', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(valid)).toEqual({})
  })

  it.each<[string, Partial<SignUpValues>, SignUpField, string]>([
    ['first name empty', { firstName: '' }, 'firstName', 'Name is required.'],
    ['first name blank', { firstName: '   ' }, 'firstName', 'Name is required.'],
    ['last name empty', { lastName: '' }, 'lastName', 'Last Name is required.'],
    ['last name blank', { lastName: ' \t' }, 'lastName', 'Last Name is required.'],
    ['email empty', { email: '' }, 'email', 'Email is required.'],
    ['email blank', { email: '  ' }, 'email', 'Email is required.'],
    ['email without @', { email: 'ada.example.com' }, 'email', 'Invalid email format.'],
    ['email without domain dot', { email: 'ada@example' }, 'email', 'Invalid email format.'],
    ['email with a space', { email: 'ada lovelace@example.com' }, 'email', 'Invalid email format.'],
    [
      'password of 5 characters',
      { password: 'abcde', confirmPassword: 'abcde' },
      'password',
      'Password must be at least 6 characters.',
    ],
    [
      // Three emoji are six UTF-16 units but three characters, as the server counts them.
      'password of 3 emoji',
      { password: '😀😀😀', confirmPassword: '😀😀😀' },
      'password',
      'Password must be at least 6 characters.',
    ],
    ['confirm password empty', { confirmPassword: '' }, 'confirmPassword', 'Confirm password is required.'],
    [
      'confirm password different',
      { confirmPassword: 'secret2' },
      'confirmPassword',
      'Passwords do not match.',
    ],
    ['member type not chosen', { memberType: '' }, 'memberType', 'Member Type is required.'],
  ])('%s gives its message', (_name, change, field, message) => {
    const errors = validateSignUp({ ...valid, ...change })
    expect(errors[field]).toBe(message)
    // Only the broken field is reported.
    expect(Object.keys(errors)).toEqual([field])
  })

  it('an empty password gives "Password is required." (and the filled confirmation no longer matches)', () => {
    expect(validateSignUp({ ...valid, password: '' })).toEqual({
      password: 'Password is required.',
      confirmPassword: 'Passwords do not match.',
    })
  })

  it('accepts a password of exactly 6 characters and an email with surrounding spaces', () => {
    expect(
      validateSignUp({ ...valid, password: 'abcdef', confirmPassword: 'abcdef', email: ' ada@example.com ' }),
    ).toEqual({})
  })

  it('reports every empty field of an empty form at once', () => {
    expect(validateSignUp(emptySignUp)).toEqual({
      firstName: 'Name is required.',
      lastName: 'Last Name is required.',
      email: 'Email is required.',
      password: 'Password is required.',
      confirmPassword: 'Confirm password is required.',
      memberType: 'Member Type is required.',
    })
  })
})

describe('sign-up button', () => {
  it.each([
    ['', 'Sign Up'],
    ['reader', 'Sign Up as Reader'],
    ['author', 'Sign Up as Author/Publisher'],
    ['publisher', 'Sign Up as Author/Publisher'],
  ] as const)('member type %j: the one button reads %j', (type, label) => {
    expect(signUpButtonLabel(type)).toBe(label)
  })

  it.each([
    ['reader', 'reader'],
    ['author', 'author'],
    ['publisher', 'publisher'],
    ['admin', ''],
    ['', ''],
  ] as const)('toMemberType(%j) is %j', (value, expected) => {
    expect(toMemberType(value)).toBe(expected)
  })
})
