import { useId, useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react'
import { describedBy, FieldShell } from './field'
import styles from './auto-grow-textarea.module.css'

/** Idea text areas grow with their text up to this height, then scroll (spec: 200 px). */
export const AUTO_GROW_MAX_PX = 200

export interface AutoGrowTextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string
  value: string
  error?: string | undefined
  hint?: string
}

/** A labelled text area that grows with its content up to 200 px. */
export function AutoGrowTextArea({ label, value, error, hint, ...area }: AutoGrowTextAreaProps) {
  const id = useId()
  const ref = useRef<HTMLTextAreaElement>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    el.style.height = 'auto'
    const next = Math.min(el.scrollHeight + 2, AUTO_GROW_MAX_PX)
    el.style.height = `${next}px`
    el.style.overflowY = el.scrollHeight + 2 > AUTO_GROW_MAX_PX ? 'auto' : 'hidden'
  }, [value])
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={area.required}>
      <textarea
        ref={ref}
        id={id}
        rows={1}
        className={`input textarea ${styles['textarea--grow']}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...area}
      />
    </FieldShell>
  )
}
