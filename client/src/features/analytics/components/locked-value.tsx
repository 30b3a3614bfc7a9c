import { HIDDEN_VALUE } from '../model/counts'

/** A figure the free plan hides: blurred dots, read out as hidden (spec: values hidden, shown as dots). */
export function LockedValue() {
  return (
    <span className="locked-value" role="img" aria-label="Hidden on the free plan">
      {HIDDEN_VALUE}
    </span>
  )
}
