import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Icon } from '@/components/ui/icon'
import { useAccountPrompts } from '@/lib/account-prompts'
import { confirmFoundIt, withdrawFoundIt } from '../api/found-it'
import { FOUND_IT_MESSAGES, foundItFailureMessage } from '../model/messages'
import type { ResultRow } from '../model/result-row'
import styles from './found-it-button.module.css'

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; undoUntil: number | null }

/**
 * "This is the book I meant", on a result of an idea search: one click, shown as done, with Undo while the server
 * allows it. The search's ideas are not sent: the server reads them from the search it served (`searchId`). A
 * visitor (no `searchId`: only signed-in readers are served one) is asked to sign in.
 */
export function FoundItButton({ row }: { row: ResultRow }) {
  const prompts = useAccountPrompts()
  const [state, setState] = useState<State>({ kind: 'idle' })
  const now = useNow(state.kind === 'done' ? state.undoUntil : null)
  const input = row.searchId ? { searchId: row.searchId, bookId: row._id } : null

  const confirm = () => {
    if (!input) {
      toast.info(FOUND_IT_MESSAGES.signIn)
      prompts.signIn()
      return
    }
    setState({ kind: 'busy' })
    confirmFoundIt(input).then(
      ({ data }) => {
        setState({ kind: 'done', undoUntil: data.undoUntil ? Date.parse(data.undoUntil) : null })
        toast.success(FOUND_IT_MESSAGES.thanks)
      },
      (error: unknown) => {
        setState({ kind: 'idle' })
        toast.error(foundItFailureMessage(error))
      },
    )
  }

  const undo = () => {
    if (!input) return
    setState({ kind: 'busy' })
    withdrawFoundIt(input).then(
      () => setState({ kind: 'idle' }),
      (error: unknown) => {
        setState({ kind: 'done', undoUntil: null })
        toast.error(foundItFailureMessage(error))
      },
    )
  }

  if (state.kind === 'done') {
    const canUndo = state.undoUntil !== null && now < state.undoUntil
    return (
      <span className={styles['found-it--done']} role="status">
        <Icon name="check" size={14} />
        <span>You found it</span>
        {canUndo && (
          <button type="button" className={styles['found-it__undo']} onClick={undo}>
            Undo
          </button>
        )}
      </span>
    )
  }
  return (
    <button
      type="button"
      className={styles['found-it']}
      onClick={confirm}
      disabled={state.kind === 'busy'}
      aria-busy={state.kind === 'busy' || undefined}
      aria-label={`This is the book I meant: ${row.title}`}
      title={
        input ? 'Tell us this search found your book: it helps others find it' : FOUND_IT_MESSAGES.signIn
      }
    >
      <Icon name="check" size={14} />
      <span>This is the book I meant</span>
    </button>
  )
}

/** The time, ticking each second until `until` (then it stops): Undo goes away when its window closes. */
function useNow(until: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null || now >= until) return
    const id = window.setTimeout(() => setNow(Date.now()), Math.min(1000, until - now))
    return () => window.clearTimeout(id)
  }, [until, now])
  return now
}
