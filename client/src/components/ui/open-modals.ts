import { useSyncExternalStore } from 'react'

/*
 * How many modal dialogs are open right now, so that a dialog nobody asked for (the Welcome modal) waits until
 * no other is open instead of stacking over it.
 */
let count = 0
const listeners = new Set<() => void>()

/** Marks one dialog open; the returned function marks it closed. */
export function registerOpenModal(): () => void {
  count += 1
  listeners.forEach((l) => l())
  let done = false
  return () => {
    if (done) return
    done = true
    count -= 1
    listeners.forEach((l) => l())
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The number of open dialogs that take part in the count. */
export const useOpenModalCount = () =>
  useSyncExternalStore(
    subscribe,
    () => count,
    () => count,
  )
