import { Modal } from '@/components/ui/modal'
import { mailtoLink } from '@/lib/mailto'
import shared from './auth-shared.module.css'
import styles from './blocked-modal.module.css'
import { buttonClass } from '@/components/ui/button'
import { adminNote, checkListClass } from '@/components/ui/notice'

export const BLOCKED_TITLE = 'Your Account Has Been Blocked'

/** mailto: link with a pre-filled subject and body. */
export const supportMailto = (address: string): string =>
  mailtoLink(address, {
    subject: 'Blocked account: request for review',
    body: 'Hello BookStrut support,\n\nMy account has been blocked. Could you please review it?\n\nThank you.',
  })

export interface BlockedModalProps {
  notes: string
  /** Support address from settings (data[0].authEmailCredentials.email). */
  supportEmail: string | undefined
  onClose: () => void
}

/** The blocked-account notice (spec reader-and-account section 6). */
export function BlockedModal({ notes, supportEmail, onClose }: BlockedModalProps) {
  return (
    <Modal open onClose={onClose} size="sm" title={BLOCKED_TITLE} tone="danger">
      <div className="stack">
        {notes.trim() !== '' && (
          <div className={adminNote.box}>
            <p className={adminNote.label}>Note from the BookStrut team</p>
            <p className={adminNote.text}>{notes}</p>
          </div>
        )}
        <p>While your account is blocked:</p>
        <ul className={`${checkListClass} ${styles['check-list--warning']}`}>
          <li>You can no longer upload content.</li>
          <li>Your account access is restricted.</li>
          <li>Please contact support if you believe this is a mistake or to resolve the issue.</li>
        </ul>
        {supportEmail ? (
          <a
            className={buttonClass({ variant: 'primary', size: 'md', block: true })}
            href={supportMailto(supportEmail)}
            data-autofocus
          >
            <span>Contact Support</span>
          </a>
        ) : (
          <p className={`muted ${shared['text-center']}`}>
            The support address is loading. Please try again in a moment.
          </p>
        )}
      </div>
    </Modal>
  )
}
