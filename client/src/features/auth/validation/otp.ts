export const OTP_DIGITS = 4

export type OtpDigits = readonly string[]

export const emptyOtp = (): string[] => Array.from({ length: OTP_DIGITS }, () => '')

/**
 * A paste fills all four boxes only when it is exactly four digits (surrounding white space, as copied
 * from an e-mail, is ignored). Anything else is ignored: returns null.
 */
export function parseOtpPaste(text: string): string[] | null {
  const trimmed = text.trim()
  return /^\d{4}$/.test(trimmed) ? trimmed.split('') : null
}

/** The digit typed into a box: the last digit of what the box now holds, or '' when none. */
export function typedDigit(value: string): string {
  const digits = value.replace(/\D+/g, '')
  return digits.charAt(digits.length - 1)
}

/** Which boxes are empty (these are marked red on Verify). */
export const missingDigits = (digits: OtpDigits): boolean[] => digits.map((d) => !/^\d$/.test(d))

export const isOtpComplete = (digits: OtpDigits): boolean =>
  digits.length === OTP_DIGITS && missingDigits(digits).every((missing) => !missing)

/** The code as sent to the server: a string of four digits (a number would drop a leading zero). */
export const otpValue = (digits: OtpDigits): string => digits.join('')

/**
 * What typing into box `index` does. A single digit fills the box and moves on; four digits at once
 * (one-time-code autofill) fill every box; anything else leaves the boxes unchanged. Clearing a box
 * empties it and keeps the focus there. `focus` is the box to focus next, or null to stay.
 */
export function applyOtpInput(
  digits: OtpDigits,
  index: number,
  rawValue: string,
): { digits: string[]; focus: number | null } {
  const next = [...digits]
  if (rawValue === '') {
    next[index] = ''
    return { digits: next, focus: null }
  }
  const all = rawValue.replace(/\D+/g, '')
  if (all.length === OTP_DIGITS) return { digits: all.split(''), focus: OTP_DIGITS - 1 }
  const digit = typedDigit(rawValue)
  if (digit === '') return { digits: next, focus: null }
  next[index] = digit
  return { digits: next, focus: index < OTP_DIGITS - 1 ? index + 1 : null }
}
