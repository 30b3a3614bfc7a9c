import { useSecurityBanner } from '../hooks/use-security-banner'
import styles from './security-banner.module.css'

/** "Secure payment" note, shown 800 ms after the payment modal opens, for 8 s. */
export function SecurityBanner({ open }: { open: boolean }) {
  const visible = useSecurityBanner(open)
  if (!visible) return null
  return (
    <p className={styles['security-banner']} role="status">
      <strong>Secure payment.</strong> Your card details go straight to our payment provider, Stripe, over an
      encrypted connection. BookStrut never sees or stores your card number.
    </p>
  )
}
