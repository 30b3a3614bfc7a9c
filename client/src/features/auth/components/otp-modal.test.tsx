import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { backdateCode, createPendingAccount, findUser, type PendingCode } from '@/test/factories'
import { renderWithProviders } from '@/test/render'
import { readCode, sessionIsLive, watchRequests } from '@/test/server'
import { OtpModal } from './otp-modal'

// Verify and resend go to the real API (src/test/global-setup.ts); the accounts are unverified sign-ups
// written by factories, with a code whose digits the test knows.

const EMAIL = 'ada@example.com'

function setup(email = EMAIL) {
  const sent = watchRequests()
  const onClose = vi.fn()
  const onVerified = vi.fn()
  const user = userEvent.setup()
  renderWithProviders(<OtpModal email={email} onClose={onClose} onVerified={onVerified} />)
  const boxes = [1, 2, 3, 4].map((n) => screen.getByLabelText<HTMLInputElement>(`OTP digit ${n}`))
  const values = () => boxes.map((b) => b.value)
  return { sent, onClose, onVerified, user, boxes, values }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('OTP modal: paste', () => {
  it('a paste of exactly 4 digits fills all four boxes', async () => {
    const { user, boxes, values } = setup()
    await user.click(boxes[0]!)
    await user.paste('4271')
    expect(values()).toEqual(['4', '2', '7', '1'])
    expect(boxes[3]).toHaveFocus()
  })

  it('a paste into another box fills all four boxes too', async () => {
    const { user, boxes, values } = setup()
    await user.click(boxes[2]!)
    await user.paste('0815')
    expect(values()).toEqual(['0', '8', '1', '5'])
  })

  it.each([['abcd'], ['12345'], ['123'], ['12 34'], ['']])('a paste of %j is ignored', async (text) => {
    const { user, boxes, values } = setup()
    await user.click(boxes[0]!)
    await user.keyboard('9')
    await user.click(boxes[1]!)
    await user.paste(text)
    expect(values()).toEqual(['9', '', '', ''])
  })
})

describe('OTP modal: typing', () => {
  it('each digit moves to the next box', async () => {
    const { user, boxes, values } = setup()
    await user.click(boxes[0]!)
    await user.keyboard('5309')
    expect(values()).toEqual(['5', '3', '0', '9'])
    expect(boxes[3]).toHaveFocus()
  })

  it('letters are not accepted', async () => {
    const { user, boxes, values } = setup()
    await user.click(boxes[0]!)
    await user.keyboard('a')
    expect(values()).toEqual(['', '', '', ''])
    expect(boxes[0]).toHaveFocus()
  })

  it('Backspace in an empty box goes back and clears the previous box', async () => {
    const { user, boxes, values } = setup()
    await user.click(boxes[0]!)
    await user.keyboard('12')
    expect(boxes[2]).toHaveFocus()
    await user.keyboard('{Backspace}')
    expect(values()).toEqual(['1', '', '', ''])
    expect(boxes[1]).toHaveFocus()
  })
})

describe('OTP modal: verify', () => {
  it('marks only the empty boxes red and sends nothing while a box is empty', async () => {
    const { user, boxes, sent } = setup()
    await user.click(boxes[0]!)
    await user.keyboard('1')
    await user.click(boxes[2]!)
    await user.keyboard('3')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    expect(boxes.map((b) => b.getAttribute('aria-invalid'))).toEqual([null, 'true', null, 'true'])
    expect(boxes[1]).toHaveAttribute('aria-invalid', 'true')
    expect(boxes[0]).not.toHaveAttribute('aria-invalid')
    expect(sent.requests).toHaveLength(0)
    // Filling a red box turns it back to normal.
    await user.click(boxes[1]!)
    await user.keyboard('2')
    expect(boxes[1]).not.toHaveAttribute('aria-invalid')
  })

  it('marks all four boxes red when none is filled', async () => {
    const { user, boxes } = setup()
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(boxes.every((b) => b.getAttribute('aria-invalid') === 'true')).toBe(true)
  })

  it('sends the code as a 4-digit string and stores the session on success', async () => {
    const pending = await createPendingAccount({ role: 'reader', otp: { code: '0427' } })
    const { user, boxes, sent, onVerified } = setup(pending.email)
    await user.click(boxes[0]!)
    await user.paste('0427')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    expect(await screen.findByText('Your account has been verified.')).toBeInTheDocument()
    const verify = sent.requests.find((r) => r.path === '/verify/user/Verification')
    expect(verify?.method).toBe('POST')
    expect(verify?.body).toEqual({ email: pending.email, otp: '0427' })
    const token = localStorage.getItem('token')
    expect(await sessionIsLive(token!)).toBe(true)
    expect(localStorage.getItem('userId')).toBe(pending.id)
    expect(localStorage.getItem('role')).toBe('reader')
    expect(localStorage.getItem('isLogin')).toBe('true')
    expect(localStorage.getItem('isBlocked')).toBeNull()
    expect(onVerified).toHaveBeenCalledWith({ isBlocked: false, notes: '' })
    expect(await findUser(pending.email)).toMatchObject({ is_verified: true })
  })

  it.each<[string, string, PendingCode]>([
    ['OTP_INVALID', 'Invalid OTP. Please check the code and try again.', { code: '2222' }],
    ['OTP_EXPIRED', 'This code has expired. Please request a new one.', { code: '1111', expired: true }],
  ])(
    'a wrong code (%s) shows the server message, clears the boxes, marks them red and focuses the first',
    async (_code, message, otp) => {
      const pending = await createPendingAccount({ otp })
      const { user, boxes, values, onVerified } = setup(pending.email)
      await user.click(boxes[0]!)
      await user.paste('1111')
      await user.click(screen.getByRole('button', { name: 'Verify' }))

      expect(await screen.findByText(message)).toBeInTheDocument()
      expect(values()).toEqual(['', '', '', ''])
      expect(boxes.every((b) => b.getAttribute('aria-invalid') === 'true')).toBe(true)
      expect(boxes[0]).toHaveFocus()
      expect(onVerified).not.toHaveBeenCalled()
      expect(localStorage.getItem('token')).toBeNull()
    },
  )
})

describe('OTP modal: resend', () => {
  const tick = async (seconds: number) => {
    for (let i = 0; i < seconds; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000)
      })
    }
  }

  it('is disabled for 30 s with a visible countdown, then resends and starts again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    // The sign-up code was sent as the dialog opened.
    const pending = await createPendingAccount({ otp: { code: '1234' } })
    const { sent } = setup(pending.email)
    const resend = screen.getByRole('button', { name: 'Resend code' })
    expect(resend).toBeDisabled()
    expect(screen.getByText(/in 0:30/)).toBeInTheDocument()

    await tick(10)
    expect(screen.getByText(/in 0:2\d/)).toBeInTheDocument()
    await tick(20)
    expect(resend).toBeEnabled()
    expect(screen.queryByText(/in 0:\d\d/)).not.toBeInTheDocument()

    // The fake clock ran 30 s; the server's clock did not: the code's send time moves back instead.
    await backdateCode(pending.email, 'signup', 31)
    fireEvent.click(resend)
    expect(await screen.findByText('OTP has been resent to your email.')).toBeInTheDocument()
    expect(sent.requests.find((r) => r.path === '/resendotp/user')?.body).toEqual({ email: pending.email })
    expect(resend).toBeDisabled()
    expect(screen.getByText(/in 0:30/)).toBeInTheDocument()
    // One OTP mail: the new code reached the outbox.
    expect(await readCode(pending.email)).toMatch(/^\d{4}$/)
  })

  it('a 429 OTP_COOLDOWN shows the message and restarts the countdown from data.retryAfter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const pending = await createPendingAccount({ otp: { code: '1234' } })
    setup(pending.email)
    await tick(30)
    // On the server's clock the code went out 18 s ago: 12 s of its cooldown are left.
    await backdateCode(pending.email, 'signup', 18)
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }))
    expect(
      await screen.findByText('Please wait 12 seconds before requesting a new code.'),
    ).toBeInTheDocument()
    expect(screen.getByText(/in 0:12/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled()
  })
})

describe('OTP modal: dismissal', () => {
  it('is a labelled modal dialog', () => {
    setup()
    const dialog = screen.getByRole('dialog', { name: 'Verify your email' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(within(dialog).getByText(EMAIL)).toBeInTheDocument()
  })

  it('ignores backdrop clicks and Escape; only the close button closes it', async () => {
    const { user, onClose } = setup()
    const dialog = screen.getByRole('dialog')
    fireEvent.mouseDown(dialog.parentElement!)
    await user.keyboard('{Escape}')
    expect(onClose).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('warns before the page is left while open', () => {
    setup()
    const event = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
  })
})
