import { RESET_PASSWORD_NOT_DIGITS, RESET_PASSWORD_TOO_LONG } from '@bookstrut/schemas'
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
    ['letters', 'abcde', 'abcde', { newPassword: 'Password must be 6 digits' }],
    // Six or more characters that are not all digits: "must be 6 digits" would contradict what was typed.
    ['six letters', 'abcdef', 'abcdef', { newPassword: RESET_PASSWORD_NOT_DIGITS }],
    ['digits and a letter', '1234567a', '1234567a', { newPassword: RESET_PASSWORD_NOT_DIGITS }],
    ['digits with a space', '123 456', '123 456', { newPassword: RESET_PASSWORD_NOT_DIGITS }],
    ['65 digits', '1'.repeat(65), '1'.repeat(65), { newPassword: RESET_PASSWORD_TOO_LONG }],
    ['eight digits, matching', '12345678', '12345678', {}],
    ['confirm missing', '123456', '', { confirmPassword: 'Confirm password is required' }],
    ['confirm different', '123456', '123457', { confirmPassword: 'Passwords do not match' }],
    ['six digits, matching', '123456', '123456', {}],
    ['more than six digits, matching', '1234567890', '1234567890', {}],
  ])('%s', (_name, newPassword, confirmPassword, expected) => {
    expect(validateNewPassword({ newPassword, confirmPassword })).toEqual(expected)
  })
})
