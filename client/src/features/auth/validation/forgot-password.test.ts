import { describe, expect, it } from 'vitest'
import {
  sanitizeResetOtp,
  validateNewPassword,
  validateResetEmail,
  validateResetOtp,
} from './forgot-password'

describe('forgot password, step 1: email', () => {
  it.each<[string, string | null]>([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    ['ada', 'Invalid email format'],
    ['ada@example', 'Invalid email format'],
    // The stricter check: the loose sign-up pattern accepts these, the reset step does not.
    ['ada@example.c', 'Invalid email format'],
    ['ada!#@example.com', 'Invalid email format'],
    ['ada@exa mple.com', 'Invalid email format'],
    ['ada@example.com', null],
    ['ada.lovelace+books@mail.example.co.uk', null],
    ['  ada@example.com  ', null],
  ])('%j gives %j', (email, expected) => {
    expect(validateResetEmail(email)).toBe(expected)
  })
})

describe('forgot password, step 2: OTP', () => {
  it.each([
    ['12a3', '123'],
    [' 1 2 3 4 ', '1234'],
    ['123456', '1234'],
    ['abcd', ''],
    ['0042', '0042'],
  ])('input %j keeps only digits: %j', (raw, kept) => {
    expect(sanitizeResetOtp(raw)).toBe(kept)
  })

  it.each<[string, string | null]>([
    ['', 'OTP is required'],
    ['1', 'OTP must be 4 digits'],
    ['123', 'OTP must be 4 digits'],
    ['12345', 'OTP must be 4 digits'],
    ['12a4', 'OTP must be 4 digits'],
    ['1234', null],
    ['0000', null],
  ])('%j gives %j', (otp, expected) => {
    expect(validateResetOtp(otp)).toBe(expected)
  })
})

describe('forgot password, step 3: new password', () => {
  it.each<[string, string, string, Partial<Record<'newPassword' | 'confirmPassword', string>>]>([
    [
      'both empty',
      '',
      '',
      { newPassword: 'New password is required', confirmPassword: 'Confirm password is required' },
    ],
    ['five digits', '12345', '12345', { newPassword: 'Password must be 6 digits' }],
    ['letters', 'abcdef', 'abcdef', { newPassword: 'Password must be 6 digits' }],
    ['digits and a letter', '12345a', '12345a', { newPassword: 'Password must be 6 digits' }],
    ['digits with a space', '123 456', '123 456', { newPassword: 'Password must be 6 digits' }],
    ['confirm missing', '123456', '', { confirmPassword: 'Confirm password is required' }],
    ['confirm different', '123456', '123457', { confirmPassword: 'Passwords do not match' }],
    ['six digits, matching', '123456', '123456', {}],
    ['more than six digits, matching', '1234567890', '1234567890', {}],
  ])('%s', (_name, newPassword, confirmPassword, expected) => {
    expect(validateNewPassword({ newPassword, confirmPassword })).toEqual(expected)
  })
})
