import type { KeyboardEvent } from 'react'

/**
 * Enter in a text box submits the form even when the first submit button is disabled (the sign-up form
 * enables only the button matching the chosen Member Type, which blocks the browser's implicit submission).
 */
export function submitOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
  if (!(event.target instanceof HTMLInputElement)) return
  event.preventDefault()
  event.currentTarget.requestSubmit()
}
