import type { ReactNode } from 'react'
import { Button } from './button'
import { Modal } from './modal'
import styles from './confirm-dialog.module.css'
import { form } from './form'

export interface ConfirmDialogProps {
  title: string
  children: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** danger for destructive actions. */
  tone?: 'danger' | 'primary'
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** "Are you sure?": a small dialog with Cancel (focused first) and a confirm button. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal open onClose={busy ? () => undefined : onCancel} title={title} size="sm" dismissible={!busy}>
      <div className="stack">
        <div className={styles['confirm-dialog__text']}>{children}</div>
        <div className={form.buttonPair}>
          <Button variant="ghost" onClick={onCancel} disabled={busy} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  )
}
