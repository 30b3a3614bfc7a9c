import { useEffect, useState } from 'react'

/** Spec section 9: the payment modal's security banner appears after 800 ms and stays 8000 ms. */
export const SECURITY_BANNER_DELAY_MS = 800
export const SECURITY_BANNER_VISIBLE_MS = 8000

/** Visible from 800 ms after `open` for 8 s; hidden at once when the modal closes. */
export function useSecurityBanner(open: boolean): boolean {
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    if (!open) return
    const show = window.setTimeout(() => setVisible(true), SECURITY_BANNER_DELAY_MS)
    const hide = window.setTimeout(
      () => setVisible(false),
      SECURITY_BANNER_DELAY_MS + SECURITY_BANNER_VISIBLE_MS,
    )
    return () => {
      window.clearTimeout(show)
      window.clearTimeout(hide)
      setVisible(false)
    }
  }, [open])
  return open && visible
}
