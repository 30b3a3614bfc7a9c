import { useEffect, useRef } from 'react'
import { Spinner } from '@/components/ui/spinner'
import type { CardField } from '../card/card-provider'
import type { CardProviderState } from '../hooks/use-lazy-card-provider'
import { CARD_UNAVAILABLE_MESSAGE } from '../model/billing-form'
import styles from './card-input.module.css'
import { form } from '@/components/ui/form'

/** The card input of the provider, mounted once it has loaded; reports the mounted field to the form. */
export function CardInput({
  state,
  onField,
}: {
  state: CardProviderState
  onField: (field: CardField | null) => void
}) {
  const host = useRef<HTMLDivElement>(null)
  const provider = state.status === 'ready' ? state.provider : null
  useEffect(() => {
    if (!provider || !host.current) return
    const field = provider.createCardField()
    field.mount(host.current)
    onField(field)
    return () => {
      onField(null)
      field.destroy()
    }
  }, [provider, onField])
  return (
    <div className={form.field}>
      <span className={form.label}>Card</span>
      <div ref={host} className={styles['card-input__host']} data-testid="card-host" />
      {(state.status === 'idle' || state.status === 'loading') && (
        <Spinner size="sm" label="Loading card form…" />
      )}
      {state.status === 'unavailable' && <p className={form.error}>{CARD_UNAVAILABLE_MESSAGE}</p>}
    </div>
  )
}
