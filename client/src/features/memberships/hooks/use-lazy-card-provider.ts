import { useEffect, useState } from 'react'
import type { CardProvider, CardProviderLoader } from '../card/card-provider'

/** The card script's fallback load time (spec section 9). */
export const CARD_SCRIPT_FALLBACK_MS = 5000

export type CardProviderState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; provider: CardProvider }
  | { status: 'notConfigured' }
  | { status: 'unavailable' }

const interactions = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const

/** Loads the card provider after the first interaction with the page or after 5 s, whichever comes first. */
export function useLazyCardProvider(load: CardProviderLoader): CardProviderState {
  const [state, setState] = useState<CardProviderState>({ status: 'idle' })
  useEffect(() => {
    let cancelled = false
    let started = false
    const start = () => {
      if (started) return
      started = true
      cleanup()
      setState({ status: 'loading' })
      load().then(
        (provider) => {
          if (!cancelled) setState(provider ? { status: 'ready', provider } : { status: 'notConfigured' })
        },
        () => {
          if (!cancelled) setState({ status: 'unavailable' })
        },
      )
    }
    const timer = window.setTimeout(start, CARD_SCRIPT_FALLBACK_MS)
    function cleanup() {
      window.clearTimeout(timer)
      for (const type of interactions) window.removeEventListener(type, start)
    }
    for (const type of interactions) window.addEventListener(type, start, { once: true, passive: true })
    return () => {
      cancelled = true
      cleanup()
    }
  }, [load])
  return state
}
