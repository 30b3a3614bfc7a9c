import { useState, type FormEvent, type ReactNode } from 'react'
import { Button, type ButtonVariant } from './button'
import { TextAreaField } from './field'
import { Modal } from './modal'
import { form } from './form'

export interface NoteDialogProps {
  title: string
  /** The note field's label, e.g. "Reason shown to the owner". */
  label: string
  hint?: ReactNode
  /** Shown when the note is left empty. */
  requiredMessage: string
  confirmLabel: string
  confirmVariant?: ButtonVariant
  busy: boolean
  /** The server's refusal, shown under the note. */
  error?: string | undefined
  /** Fields above the note (e.g. a choice of action). */
  children?: ReactNode
  onSubmit: (note: string) => void
  onClose: () => void
}

/** A decision that needs a written note (a rejection, a block, a resolution): the note is required and trimmed. */
export function NoteDialog({
  title,
  label,
  hint,
  requiredMessage,
  confirmLabel,
  confirmVariant = 'danger',
  busy,
  error,
  children,
  onSubmit,
  onClose,
}: NoteDialogProps) {
  const [note, setNote] = useState('')
  const [missing, setMissing] = useState(false)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (note.trim() === '') return setMissing(true)
    onSubmit(note.trim())
  }
  return (
    <Modal open onClose={onClose} title={title} size="sm">
      <form className="stack" onSubmit={submit} noValidate>
        {children}
        <TextAreaField
          label={label}
          hint={hint}
          rows={4}
          maxLength={1000}
          value={note}
          error={missing ? requiredMessage : error}
          data-autofocus
          onChange={(e) => {
            setNote(e.target.value)
            setMissing(false)
          }}
        />
        <div className={form.buttonPair}>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={confirmVariant} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
