import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Icon } from '@/components/ui/icon'
import { ListStates } from '@/components/ui/list-states'
import { ListHeader } from '@/components/ui/list-header'
import { errorMessage } from '@/lib/api-client'
import { plural } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useInfiniteScroll } from '@/lib/use-infinite-scroll'
import { useGhostedBooks } from '../api/get-ghosted-books'
import { useRemoveGhost } from '../api/remove-ghost'
import { failureMessage, GHOST_MESSAGES } from '../model/messages'
import type { ResultRow } from '../model/result-row'
import { ResultsTable } from './results-table'
import { profileCard } from '@/components/ui/profile-card'

/**
 * /profile-ghost: the books the user has ghosted (hidden from their results), 10 per page with infinite
 * scroll; Remove Ghost (after a confirmation) shows a book again and takes it off this list.
 */
export function GhostedBooksPage({ userId }: { userId: string }) {
  useDocumentTitle('Ghosted Titles')
  const ghosts = useGhostedBooks(userId)
  const remove = useRemoveGhost(userId)
  const [confirming, setConfirming] = useState<ResultRow | null>(null)
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set())

  useInfiniteScroll({
    hasMore: ghosts.hasNextPage,
    loading: ghosts.isFetching,
    loadMore: () => void ghosts.fetchNextPage(),
  })

  const handleRemove = () => {
    const row = confirming
    setConfirming(null)
    if (!row) return
    setBusyIds((ids) => new Set(ids).add(row._id))
    void remove
      .mutateAsync(row._id)
      .then(
        () => toast.success(GHOST_MESSAGES.removed),
        (error: unknown) => toast.error(failureMessage(error, GHOST_MESSAGES.removeFailed)),
      )
      .finally(() =>
        setBusyIds((ids) => {
          const next = new Set(ids)
          next.delete(row._id)
          return next
        }),
      )
  }

  const rows = ghosts.data?.rows ?? []
  const total = ghosts.data?.total ?? 0

  return (
    <div className={profileCard.list}>
      <ListHeader
        title="Ghosted Titles"
        summary={
          ghosts.isSuccess
            ? `${plural(total, 'title')} hidden from your results`
            : 'Titles you hid from your search results.'
        }
      />

      <ListStates
        query={ghosts}
        rows={rows}
        loadingLabel="Loading your ghosted titles"
        failedMessage={(error) => errorMessage(error, 'Failed to fetch podcasts')}
        empty={
          <>
            <Icon name="ghost" size={28} />
            <p className="ghosted__empty">{GHOST_MESSAGES.empty}</p>
            <p className="muted">Ghost a title from your search results to hide it from them.</p>
          </>
        }
      >
        {(rows) => (
          <ResultsTable
            label="Ghosted titles"
            rows={rows}
            showGhostCount
            busyIds={busyIds}
            busyLabel="Removing…"
            actions={(row) => (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setConfirming(row)}
                aria-label={`Remove Ghost: ${row.title}`}
              >
                <Icon name="eye" size={15} />
                Remove Ghost
              </Button>
            )}
          />
        )}
      </ListStates>

      {confirming && (
        <ConfirmDialog
          title={GHOST_MESSAGES.confirmTitle}
          confirmLabel="Yes, remove it"
          onConfirm={handleRemove}
          onCancel={() => setConfirming(null)}
        >
          <p>{GHOST_MESSAGES.removeConfirmText}</p>
          <p className="muted">“{confirming.title}” will appear in your search results again.</p>
        </ConfirmDialog>
      )}
    </div>
  )
}
