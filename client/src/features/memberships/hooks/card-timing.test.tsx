import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CardProvider } from '../card/card-provider'
import { CARD_SCRIPT_FALLBACK_MS, useLazyCardProvider } from './use-lazy-card-provider'
import {
  SECURITY_BANNER_DELAY_MS,
  SECURITY_BANNER_VISIBLE_MS,
  useSecurityBanner,
} from './use-security-banner'

// Timing of the payment modal (spec section 9): card script after the first interaction or 5 s; banner 800 ms / 8 s.

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const provider: CardProvider = {
  createCardField: () => ({ mount: () => {}, destroy: () => {} }),
  confirm: () => Promise.resolve({ ok: true }),
}

describe('the card script', () => {
  it('loads after 5 s without any interaction', async () => {
    const load = vi.fn(() => Promise.resolve(provider))
    const { result } = renderHook(() => useLazyCardProvider(load))
    await act(() => vi.advanceTimersByTimeAsync(CARD_SCRIPT_FALLBACK_MS - 1))
    expect(load).not.toHaveBeenCalled()
    expect(result.current.status).toBe('idle')
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(load).toHaveBeenCalledTimes(1)
    expect(result.current.status).toBe('ready')
  })

  it('loads at the first interaction, once', async () => {
    const load = vi.fn(() => Promise.resolve(provider))
    const { result } = renderHook(() => useLazyCardProvider(load))
    await act(async () => {
      window.dispatchEvent(new Event('pointerdown'))
      window.dispatchEvent(new Event('keydown'))
      await vi.advanceTimersByTimeAsync(CARD_SCRIPT_FALLBACK_MS)
    })
    expect(load).toHaveBeenCalledTimes(1)
    expect(result.current.status).toBe('ready')
  })

  it('tells a build without payments from a script that failed', async () => {
    const none = renderHook(() => useLazyCardProvider(() => Promise.resolve(null)))
    const failed = renderHook(() => useLazyCardProvider(() => Promise.reject(new Error('blocked'))))
    await act(() => vi.advanceTimersByTimeAsync(CARD_SCRIPT_FALLBACK_MS))
    expect(none.result.current.status).toBe('notConfigured')
    expect(failed.result.current.status).toBe('unavailable')
  })
})

describe('the security banner', () => {
  it('appears after 800 ms and hides 8 s later', async () => {
    const { result } = renderHook(() => useSecurityBanner(true))
    await act(() => vi.advanceTimersByTimeAsync(SECURITY_BANNER_DELAY_MS - 1))
    expect(result.current).toBe(false)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(result.current).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(SECURITY_BANNER_VISIBLE_MS - 1))
    expect(result.current).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(result.current).toBe(false)
  })

  it('hides at once when the modal closes', async () => {
    const { result, rerender } = renderHook(({ open }) => useSecurityBanner(open), {
      initialProps: { open: true },
    })
    await act(() => vi.advanceTimersByTimeAsync(SECURITY_BANNER_DELAY_MS))
    expect(result.current).toBe(true)
    rerender({ open: false })
    expect(result.current).toBe(false)
  })
})
