import { PAYMENT_NOT_CONFIGURED_MESSAGE, type Plan } from '@bookstrut/schemas'
import { Button, buttonClass } from '@/components/ui/button'
import { mailtoLink } from '@/lib/mailto'
import shared from './memberships-shared.module.css'

/** A pre-filled e-mail asking support for the plan: the way to upgrade that works while card payments cannot. */
export const upgradeMailto = (address: string, plan: Pick<Plan, 'planName'>) =>
  mailtoLink(address, {
    subject: `Upgrade to ${plan.planName}`,
    body: `Hello BookStrut support,\n\nI would like to upgrade to ${plan.planName}, but card payments are not available on the site. How can I pay?\n\nThank you.`,
  })

/**
 * The payment dialog when the server has no payment system configured: the spec's message once, no billing form
 * and no Pay button (nothing could be charged), and a way that works: an e-mail to the support address.
 */
export function PaymentUnavailable({
  plan,
  supportEmail,
  onClose,
}: {
  plan: Plan
  supportEmail: string | undefined
  onClose: () => void
}) {
  return (
    <div className="stack payment-unavailable">
      <p role="alert" className={shared['form-error']}>
        {PAYMENT_NOT_CONFIGURED_MESSAGE}
      </p>
      {supportEmail ? (
        <p>
          Card payments are not available right now. Write to{' '}
          <a href={upgradeMailto(supportEmail, plan)}>{supportEmail}</a> and we will upgrade your plan.
        </p>
      ) : (
        <p className="muted">The support address is loading. Please try again in a moment.</p>
      )}
      <div className={shared['payment-form__actions']}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        {supportEmail && (
          <a
            className={buttonClass({ variant: 'primary', size: 'md' })}
            href={upgradeMailto(supportEmail, plan)}
            data-autofocus
          >
            <span>Email support</span>
          </a>
        )}
      </div>
    </div>
  )
}
