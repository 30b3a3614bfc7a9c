import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { focusableSelector, trapTab } from './focus-trap'
import { registerOpenModal } from './open-modals'
import styles from './modal.module.css'

export interface ModalProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  /** Backdrop click and Escape close the dialog (default true). The OTP dialog turns this off. */
  dismissible?: boolean
  size?: 'sm' | 'md' | 'lg'
  /** Extra class on the panel. */
  className?: string
  /** Colours the title: a blocked account (danger), a plan limit (warning). */
  tone?: 'danger' | 'warning'
  /** Label of the explicit close button. */
  closeLabel?: string
  /** Counted among the open dialogs (open-modals.ts; default true). The Welcome modal, which waits for them, is not. */
  counted?: boolean
}

/**
 * An accessible modal dialog: role="dialog", aria-modal, labelled by its title, focus moved inside and
 * kept there, focus returned to the opener on close, page scroll locked while open.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  dismissible = true,
  size = 'md',
  className,
  tone,
  closeLabel = 'Close',
  counted = true,
}: ModalProps) {
  const titleId = useId()
  const descriptionId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    if (open && counted) return registerOpenModal()
  }, [open, counted])

  useEffect(() => {
    if (!open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const panel = panelRef.current
    const preferred = panel?.querySelector<HTMLElement>('[data-autofocus]')
    const first = panel?.querySelector<HTMLElement>(focusableSelector)
    ;(preferred ?? first ?? panel)?.focus()
    const previousOverflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previousOverflow
      if (opener?.isConnected) opener.focus()
    }
  }, [open])

  if (!open) return null

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && dismissible) {
      event.stopPropagation()
      onCloseRef.current()
      return
    }
    trapTab(event, panelRef.current)
  }

  return createPortal(
    <div
      className={styles['modal-backdrop']}
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onCloseRef.current()
      }}
    >
      <div
        ref={panelRef}
        className={[styles.modal, styles[`modal--${size}`], tone ? styles[`modal--${tone}`] : '', className]
          .filter(Boolean)
          .join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className={styles.modal__header}>
          <h2 className={styles.modal__title} id={titleId}>
            {title}
          </h2>
          <CloseButton label={closeLabel} onClick={() => onCloseRef.current()} />
        </div>
        {description && (
          <p className={styles.modal__description} id={descriptionId}>
            {description}
          </p>
        )}
        <div className={styles.modal__body}>{children}</div>
      </div>
    </div>,
    document.body,
  )
}

/** The round × button in a dialog's corner (the Modal's and the mobile menu's). */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.modal__close} onClick={onClick} aria-label={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  )
}
