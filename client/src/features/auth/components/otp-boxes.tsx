import { useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react'
import { applyOtpInput, parseOtpPaste, type OtpDigits } from '../validation/otp'
import styles from './otp-boxes.module.css'

export interface OtpBoxesHandle {
  focus: (index: number) => void
}

export interface OtpBoxesProps {
  digits: OtpDigits
  /** Boxes marked red (empty on Verify, or all after a wrong code). */
  invalid: readonly boolean[]
  onChange: (digits: string[]) => void
  disabled?: boolean
  ref?: Ref<OtpBoxesHandle>
  describedBy?: string
}

/**
 * Four single-digit boxes: typing moves to the next box, Backspace on an empty box goes back, and a paste
 * of exactly four digits fills all of them (any other paste is ignored).
 */
export function OtpBoxes({ digits, invalid, onChange, disabled, ref, describedBy }: OtpBoxesProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  const focus = (index: number) => inputs.current[index]?.focus()
  useImperativeHandle(ref, () => ({ focus }), [])

  const handleChange = (index: number, value: string) => {
    const result = applyOtpInput(digits, index, value)
    onChange(result.digits)
    if (result.focus !== null) focus(result.focus)
  }

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault()
      const next = [...digits]
      next[index - 1] = ''
      onChange(next)
      focus(index - 1)
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault()
      focus(index - 1)
    } else if (event.key === 'ArrowRight' && index < digits.length - 1) {
      event.preventDefault()
      focus(index + 1)
    }
  }

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const pasted = parseOtpPaste(event.clipboardData.getData('text'))
    if (!pasted) return
    onChange(pasted)
    focus(pasted.length - 1)
  }

  return (
    <div
      className={styles['otp-boxes']}
      role="group"
      aria-label="One-time code"
      aria-describedby={describedBy}
    >
      {digits.map((digit, index) => (
        <input
          // The boxes are fixed positions, so the index is their identity.
          key={index}
          ref={(el) => {
            inputs.current[index] = el
          }}
          className={`${styles['otp-box']}${invalid[index] ? ` ${styles['otp-box--invalid']}` : ''}`}
          aria-label={`OTP digit ${index + 1}`}
          aria-invalid={invalid[index] ? true : undefined}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          value={digit}
          disabled={disabled}
          data-autofocus={index === 0 ? true : undefined}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => handleChange(index, event.currentTarget.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={handlePaste}
        />
      ))}
    </div>
  )
}
