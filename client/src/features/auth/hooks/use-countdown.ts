import { useCallback, useEffect, useState } from 'react'

/**
 * Seconds left before an action may be repeated (OTP resend). start(n) (re)starts it; it ticks down once a
 * second to 0.
 */
export function useCountdown(initialSeconds = 0) {
  const [seconds, setSeconds] = useState(initialSeconds)
  useEffect(() => {
    if (seconds <= 0) return
    const timer = window.setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000)
    return () => window.clearTimeout(timer)
  }, [seconds])
  const start = useCallback((from: number) => setSeconds(Math.max(0, Math.ceil(from))), [])
  return { seconds, running: seconds > 0, start }
}

/** 125 gives "2:05": the countdown as shown next to Resend. */
export const formatCountdown = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
