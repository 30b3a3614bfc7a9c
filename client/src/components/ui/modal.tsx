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
  /** Extra class on the panel, e.g. for a tone. */
  className?: string
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
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onCloseRef.current()
      }}
    >
      <div
        ref={panelRef}
        className={`modal modal--${size}${className ? ` ${className}` : ''}`}
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
          <button
            type="button"
            className="modal__close"
            onClick={() => onCloseRef.current()}
            aria-label={closeLabel}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
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
