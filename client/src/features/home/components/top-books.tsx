import { useId, useState } from 'react'
import { BookCard, BookCardSkeleton } from '@/components/book/book-card'
import { AdSlot } from '@/components/ui/ad-slot'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-client'
import { useStoredSession } from '@/lib/storage'
import { useMediaQuery } from '@/lib/use-media-query'
import { useHomePage } from '../api/get-home-page'
import { adLayout, withAdSlots } from '../model/ad-slots'

/** The home page's TOP 20 BOOK STRUTS section: collapsed by default, a grid of title cards with ad slots. */
export function TopBooks() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const { userId } = useStoredSession()
  const home = useHomePage(userId)
  const narrow = useMediaQuery('(max-width: 599px)')
  const { every, trailing } = adLayout(narrow)
  const titles = home.data?.data ?? []

  return (
    <section className="section top-books" aria-labelledby="top-books-title">
      <div className="container">
        <div className="top-books__head">
          <div>
            <p className="eyebrow">Listen before you read</p>
            <h2 id="top-books-title" className="section__title">
              TOP 20 BOOK STRUTS
            </h2>
          </div>
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide the list' : 'Show the Top 20'}
          </Button>
        </div>
        <div id={panelId} hidden={!open}>
          {open &&
            (home.isPending ? (
              <ul className="book-grid" aria-busy="true">
                {Array.from({ length: 6 }, (_, i) => (
                  <li key={i}>
                    <BookCardSkeleton />
                  </li>
                ))}
              </ul>
            ) : home.isError ? (
              <div className="empty-state" role="alert">
                <p>{errorMessage(home.error, 'Failed to fetch podcasts')}</p>
                <Button variant="secondary" onClick={() => void home.refetch()}>
                  Try again
                </Button>
              </div>
            ) : titles.length === 0 ? (
              <p className="empty-state muted">No titles yet. Check back soon.</p>
            ) : (
              <ul className="book-grid">
                {withAdSlots(titles, every, trailing).map((cell) =>
                  cell.kind === 'item' ? (
                    <li key={cell.item._id}>
                      <BookCard podcast={cell.item} />
                    </li>
                  ) : (
                    <li key={cell.key} className="book-grid__ad">
                      <AdSlot />
                    </li>
                  ),
                )}
              </ul>
            ))}
        </div>
      </div>
    </section>
  )
}
