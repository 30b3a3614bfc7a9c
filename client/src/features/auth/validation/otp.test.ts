import { describe, expect, it } from 'vitest'
import {
  applyOtpInput,
  emptyOtp,
  isOtpComplete,
  missingDigits,
  otpValue,
  parseOtpPaste,
  typedDigit,
} from './otp'

describe('parseOtpPaste', () => {
  it.each<[string, string[] | null]>([
    ['1234', ['1', '2', '3', '4']],
    ['0042', ['0', '0', '4', '2']],
    [' 1234\n', ['1', '2', '3', '4']],
    ['abcd', null],
    ['12345', null],
    ['123', null],
    ['12 34', null],
    ['12-34', null],
    ['', null],
    ['１２３４', null],
  ])('%j fills %j', (text, expected) => {
    expect(parseOtpPaste(text)).toEqual(expected)
  })
})

describe('typing into a box', () => {
  it.each([
    ['7', '7'],
    ['', ''],
    ['a', ''],
    ['37', '7'],
  ])('typedDigit(%j) is %j', (value, expected) => {
    expect(typedDigit(value)).toBe(expected)
  })

  it('a digit fills the box and moves to the next one', () => {
    expect(applyOtpInput(['', '', '', ''], 0, '5')).toEqual({ digits: ['5', '', '', ''], focus: 1 })
  })

  it('the last box keeps the focus', () => {
    expect(applyOtpInput(['1', '2', '3', ''], 3, '4')).toEqual({ digits: ['1', '2', '3', '4'], focus: null })
  })

  it('a letter changes nothing', () => {
    expect(applyOtpInput(['1', '', '', ''], 1, 'x')).toEqual({ digits: ['1', '', '', ''], focus: null })
  })

  it('clearing a box empties it and stays', () => {
    expect(applyOtpInput(['1', '2', '', ''], 1, '')).toEqual({ digits: ['1', '', '', ''], focus: null })
  })

  it('four digits at once (one-time-code autofill) fill every box', () => {
    expect(applyOtpInput(['', '', '', ''], 0, '9876')).toEqual({ digits: ['9', '8', '7', '6'], focus: 3 })
  })
})

describe('all four boxes are required', () => {
  it.each<[string[], boolean[], boolean]>([
    [['', '', '', ''], [true, true, true, true], false],
    [['1', '', '3', ''], [false, true, false, true], false],
    [['1', '2', '3', ''], [false, false, false, true], false],
    [['1', '2', '3', '4'], [false, false, false, false], true],
  ])('%j: missing %j, complete %s', (digits, missing, complete) => {
    expect(missingDigits(digits)).toEqual(missing)
    expect(isOtpComplete(digits)).toBe(complete)
  })

  it('sends the code as a string of four digits, keeping a leading zero', () => {
    expect(otpValue(['0', '1', '2', '3'])).toBe('0123')
  })

  it('starts with four empty boxes', () => {
    expect(emptyOtp()).toEqual(['', '', '', ''])
  })
})
