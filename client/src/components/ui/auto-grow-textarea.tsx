import { useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react'
import { Field } from './field'
import styles from './auto-grow-textarea.module.css'
import { form } from './form'

/** Idea text areas grow with their text up to this height, then scroll (spec: 200 px). */
export const AUTO_GROW_MAX_PX = 200

export interface AutoGrowTextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string
  value: string
  error?: string | undefined
  hint?: string
}

/**
 * Keeps a text area as tall as its text (up to maxPx, then it scrolls): returns the ref to put on it.
 * `borderPx` is what the element's height adds to its scroll height (its borders, when it is border-box).
 */
export function useAutoGrow(value: string, maxPx: number, borderPx = 0) {
  const ref = useRef<HTMLTextAreaElement>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    el.style.height = 'auto'
    const needed = el.scrollHeight + borderPx
    el.style.height = `${Math.min(needed, maxPx)}px`
    el.style.overflowY = needed > maxPx ? 'auto' : 'hidden'
  }, [value, maxPx, borderPx])
  return ref
}

/** A labelled text area that grows with its content up to 200 px. */
export function AutoGrowTextArea({ label, value, error, hint, ...area }: AutoGrowTextAreaProps) {
  // +2: the scroll height leaves out the 1 px borders, which the set height includes.
  const ref = useAutoGrow(value, AUTO_GROW_MAX_PX, 2)
  return (
    <Field label={label} error={error} hint={hint} required={area.required}>
      {(control) => (
        <textarea
          {...control}
          ref={ref}
          rows={1}
          className={`${form.input} ${form.textarea} ${styles['textarea--grow']}`}
          value={value}
          {...area}
        />
      )}
    </Field>
  )
}
