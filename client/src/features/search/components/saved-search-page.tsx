import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { MAX_IDEA_LENGTH, type SearchHistoryItem } from '@bookstrut/schemas'
import { AutoGrowTextArea } from '@/components/ui/auto-grow-textarea'
import { Button, linkButtonClass } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Icon } from '@/components/ui/icon'
import { ListStates } from '@/components/ui/list-states'
import { ListHeader } from '@/components/ui/list-header'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { GENERIC_ERROR } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useClearSearchHistory } from '../api/clear-search-history'
import { useDeleteSearchHistory } from '../api/delete-search-history'
import { useSearchHistory } from '../api/get-search-history'
import { useUpdateSearchHistory } from '../api/update-search-history'
import { failureMessage, HISTORY_MESSAGES } from '../model/messages'
import {
  IDEA_LABELS,
  ideaWordGuide,
  normalizeTerms,
  termsToSearchParams,
  termsToState,
  validateSearch,
  type SearchProblem,
} from '../model/search-terms'
import styles from './saved-search-page.module.css'
import { stackListClass } from '@/components/ui/stack-list'
import { form } from '@/components/ui/form'
import { profileCard } from '@/components/ui/profile-card'
import { iconButtonClass } from '@/components/ui/icon-button'

type Terms = [string, string, string]

/** Dates in en-US long format (spec section 9). */
const longDate = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { dateStyle: 'long' })
}

export interface SavedSearchPageProps {
  userId: string
  /** The user check before a saved search runs (a blocked user gets the blocked dialog). */
  beforeSearch?: () => Promise<boolean>
}

/**
 * /profile-search: the user's saved searches (search history), most recent first. Each item's three terms are
 * editable (editing any enables Save); an item can be run again or deleted; Clear All empties the list after a
 * confirmation.
 */
export function SavedSearchPage({ userId, beforeSearch }: SavedSearchPageProps) {
  useDocumentTitle('Saved Search')
  const history = useSearchHistory(userId)
  const clear = useClearSearchHistory(userId)
  const [confirmClear, setConfirmClear] = useState(false)
  const items = history.data ?? []

  const handleClear = () =>
    clear.mutate(undefined, {
      onSuccess: ({ message }) => {
        setConfirmClear(false)
        toast.success(message || 'Search history cleared.')
      },
      onError: (error) => {
        setConfirmClear(false)
        toast.error(failureMessage(error, HISTORY_MESSAGES.deleteFailed))
      },
    })

  return (
    <div className={profileCard.list}>
      <ListHeader
        title="Saved Search"
        summary={
          history.isSuccess
            ? `${items.length} saved ${items.length === 1 ? 'search' : 'searches'}`
            : 'Your idea searches, ready to run again.'
        }
      >
        <Button variant="secondary" onClick={() => setConfirmClear(true)} disabled={items.length === 0}>
          <Icon name="trash" size={16} />
          Clear All
        </Button>
      </ListHeader>

      <ListStates
        query={history}
        rows={items}
        loadingLabel="Loading your saved searches"
        failedMessage={() => HISTORY_MESSAGES.fetchFailed}
        empty={
          <>
            <p className="saved-searches__empty">{HISTORY_MESSAGES.empty}</p>
            <p className="muted">Your idea searches are saved here when they find books.</p>
          </>
        }
      >
        {(items) => (
          <ul className={`${stackListClass} ${styles['saved-search-list']}`} aria-label="Saved searches">
            {items.map((item) => (
              // A saved edit changes updatedAt: the item starts again from the stored terms.
              <SavedSearchItem
                key={`${item._id}:${item.updatedAt}`}
                item={item}
                userId={userId}
                beforeSearch={beforeSearch}
              />
            ))}
          </ul>
        )}
      </ListStates>

      {confirmClear && (
        <ConfirmDialog
          title="Clear all saved searches?"
          confirmLabel="Yes, clear all"
          tone="danger"
          busy={clear.isPending}
          onConfirm={handleClear}
          onCancel={() => setConfirmClear(false)}
        >
          <p>{HISTORY_MESSAGES.clearConfirm}</p>
        </ConfirmDialog>
      )}
    </div>
  )
}

function SavedSearchItem({
  item,
  userId,
  beforeSearch,
}: {
  item: SearchHistoryItem
  userId: string
  beforeSearch: (() => Promise<boolean>) | undefined
}) {
  const navigate = useNavigate()
  // The spec spells the first field fistKeyWord.
  const stored: Terms = [item.fistKeyWord, item.secondKeyWord, item.thirdKeyWord]
  const [terms, setTerms] = useState<Terms>(stored)
  const [problem, setProblem] = useState<SearchProblem | null>(null)
  const [checking, setChecking] = useState(false)
  const update = useUpdateSearchHistory(userId)
  const remove = useDeleteSearchHistory(userId)
  const dirty = terms.some((term, i) => term !== stored[i])
  const busy = update.isPending || remove.isPending || checking

  const checked = () => {
    const found = validateSearch({ mode: 'structured', ideas: terms })
    setProblem(found)
    return found ? null : normalizeTerms({ mode: 'structured', ideas: terms })
  }

  const handleSave = () => {
    const clean = checked()
    if (clean?.mode !== 'structured') return
    update.mutate(
      { id: item._id, ideas: clean.ideas },
      {
        onSuccess: ({ message }) => toast.success(message || 'Saved search updated.'),
        onError: (error) => toast.error(failureMessage(error, GENERIC_ERROR)),
      },
    )
  }

  const handleRun = async () => {
    const clean = checked()
    if (!clean) return
    if (beforeSearch) {
      setChecking(true)
      const allowed = await beforeSearch().finally(() => setChecking(false))
      if (!allowed) return
    }
    void navigate(
      { pathname: paths.searchBook, search: `?${termsToSearchParams(clean).toString()}` },
      { state: termsToState(clean) },
    )
  }

  const handleDelete = () => {
    if (!item._id) {
      toast.error(HISTORY_MESSAGES.missingId)
      return
    }
    remove.mutate(item._id, {
      onSuccess: ({ message }) => toast.success(message || 'Saved search deleted.'),
      onError: () => toast.error(HISTORY_MESSAGES.deleteFailed),
    })
  }

  const saved = longDate(item.updatedAt)
  return (
    <li className={styles['saved-search']} aria-label={`Saved search: ${item.fistKeyWord}`}>
      <div className={styles['saved-search__head']}>
        <p className={styles['saved-search__date']}>
          <Icon name="clock" size={15} />
          {saved ? `Saved ${saved}` : 'Saved search'}
        </p>
        <div className={styles['saved-search__tools']}>
          <Button size="sm" onClick={() => void handleRun()} loading={checking} disabled={busy && !checking}>
            <Icon name="search" size={15} />
            Search
          </Button>
          <button
            type="button"
            className={iconButtonClass}
            onClick={handleDelete}
            disabled={busy}
            aria-label={`Delete saved search: ${item.fistKeyWord}`}
            title="Delete"
          >
            {remove.isPending ? <Spinner size="sm" /> : <Icon name="trash" />}
          </button>
        </div>
      </div>
      <div className={styles['saved-search__terms']}>
        {terms.map((term, i) => (
          <AutoGrowTextArea
            key={i}
            label={IDEA_LABELS[i] ?? `Idea #${i + 1}`}
            value={term}
            hint={ideaWordGuide(term).text}
            aria-invalid={problem?.fields.includes(i) || undefined}
            disabled={busy}
            maxLength={MAX_IDEA_LENGTH}
            onChange={(e) => {
              const value = e.target.value
              setTerms((list) => list.map((v, j) => (j === i ? value : v)) as Terms)
              setProblem(null)
            }}
          />
        ))}
      </div>
      {problem && (
        <p className={form.alert} role="alert">
          {problem.message}
          {problem.detail && ` ${problem.detail}`}
        </p>
      )}
      <div className={styles['saved-search__foot']}>
        {dirty && (
          <button
            type="button"
            className={linkButtonClass(styles['saved-search__reset'])}
            onClick={() => {
              setTerms(stored)
              setProblem(null)
            }}
            disabled={busy}
          >
            Undo changes
          </button>
        )}
        <Button
          size="sm"
          variant="secondary"
          onClick={handleSave}
          disabled={!dirty || busy}
          loading={update.isPending}
        >
          <Icon name="check" size={15} />
          Save
        </Button>
      </div>
    </li>
  )
}
