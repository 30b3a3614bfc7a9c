import { useId, type ChangeEvent } from 'react'
import { toast } from 'sonner'
import type { Book } from '@/api/book'
import { errorMessage } from '@/lib/api-client'
import { SHELF_NAMES, useShelfPlace, useShelveBook, type Shelf } from '@/lib/shelves'
import { useStoredSession } from '@/lib/storage'
import styles from './shelf-control.module.css'

const OFF = 'off'
const today = () => new Date().toISOString().slice(0, 10)

/**
 * The shelving control beside like and favourite: which of the reader's shelves the book is on (Want to read,
 * Reading, Read), changed in one choice. With `dates`, the book page's version also shows the days the reader sets
 * (started for Reading and Read, finished for Read). Signed-in readers only: shelves are private to their reader.
 */
export function ShelfControl({ book, dates = false }: { book: Book; dates?: boolean }) {
  const { userId, isLoggedIn } = useStoredSession()
  const place = useShelfPlace(isLoggedIn ? userId : null, book._id)
  const shelve = useShelveBook(userId ?? '')
  const id = useId()
  if (!isLoggedIn || !userId) return null

  const current = place.data ?? null
  const title = book.title || 'this title'
  const save = (shelf: Shelf | null, startedOn?: string | null, finishedOn?: string | null) =>
    shelve.mutate(
      { bookId: book._id, shelf, startedOn, finishedOn },
      {
        onSuccess: () =>
          toast.success(shelf ? `On your ${SHELF_NAMES[shelf]} shelf` : 'Taken off your shelves'),
        onError: (error) => toast.error(errorMessage(error, 'Could not change your shelves')),
      },
    )

  const handleShelf = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.target.value
    if (value === OFF) return save(null)
    const shelf = value as Shelf
    // A book just finished is finished today unless the reader says otherwise.
    save(shelf, current?.startedOn ?? null, shelf === 'read' ? (current?.finishedOn ?? today()) : null)
  }

  return (
    <div className={styles.shelf} aria-busy={shelve.isPending || place.isPending}>
      <label htmlFor={`${id}-shelf`} className={styles.shelf__label}>
        Shelf
      </label>
      <select
        id={`${id}-shelf`}
        className={styles.shelf__select}
        value={current?.shelf ?? OFF}
        onChange={handleShelf}
        disabled={shelve.isPending || place.isPending}
        aria-label={`Shelf for ${title}`}
      >
        <option value={OFF}>{current ? 'Remove from shelves' : 'Not on a shelf'}</option>
        {(Object.keys(SHELF_NAMES) as Shelf[]).map((s) => (
          <option key={s} value={s}>
            {SHELF_NAMES[s]}
          </option>
        ))}
      </select>
      {dates && current && current.shelf !== 'want_to_read' && (
        <span className={styles.shelf__dates}>
          <label>
            Started
            <input
              type="date"
              value={current.startedOn ?? ''}
              max={current.finishedOn ?? today()}
              onChange={(e) => save(current.shelf, e.target.value || null, current.finishedOn)}
              aria-label={`Day you started ${title}`}
            />
          </label>
          {current.shelf === 'read' && (
            <label>
              Finished
              <input
                type="date"
                value={current.finishedOn ?? ''}
                min={current.startedOn ?? undefined}
                max={today()}
                onChange={(e) => save('read', current.startedOn, e.target.value || null)}
                aria-label={`Day you finished ${title}`}
              />
            </label>
          )}
        </span>
      )}
    </div>
  )
}
