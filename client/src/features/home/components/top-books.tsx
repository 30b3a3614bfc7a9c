import { useId, useState } from 'react'
import { BookCard, BookCardSkeleton } from '@/components/book/book-card'
import { AdSlot } from '@/components/ui/ad-slot'
import { Button } from '@/components/ui/button'
import { ListStates } from '@/components/ui/list-states'
import { errorMessage } from '@/lib/api-client'
import { useStoredSession } from '@/lib/storage'
import { useMediaQuery } from '@/lib/use-media-query'
import { TOP_LIST_SIZE, useHomePage } from '../api/get-home-page'
import { adLayout, withAdSlots } from '../model/ad-slots'
import { configuredAdvert } from '@/lib/ad-slots'
import { firstRowSize } from '../model/top-list'
import { bookGrid } from '@/components/book/book-grid'
import styles from './top-books.module.css'
import { containerClass } from '@/components/ui/container'
import { section } from '@/components/ui/section'

/**
 * The home page's TOP 20 BOOK STRUTS section: its first row of book cards open (as many as the grid shows in a
 * row at this width), the rest behind "Show all 20" (ad slots between rows once an advert is configured). Only the
 * books shown are asked for, because each one answered counts as a view for its author.
 */
export function TopBooks({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen)
  const panelId = useId()
  const { userId } = useStoredSession()
  const narrow = useMediaQuery('(max-width: 599px)')
  const tablet = useMediaQuery('(max-width: 1023px)')
  const row = firstRowSize({ narrow, tablet })
  const home = useHomePage(userId, open ? TOP_LIST_SIZE : row)
  const { every, trailing } = adLayout(narrow)
  const titles = (home.data?.data ?? []).slice(0, open ? TOP_LIST_SIZE : row)
  // More than one row may exist: offered until the whole list is open (a short list hides the button once known).
  const more = !open && (home.data?.data.length ?? 0) >= row

  return (
    <section className={`${section.block} ${styles['top-books']}`} aria-labelledby="top-books-title">
      <div className={containerClass()}>
        <div className={styles['top-books__head']}>
          <div>
            {/* Only when the cards shown can be listened to (issue 48: not above cards without a podblurb). */}
            {titles.some((b) => b.episodes.some((e) => e.fileUrl)) && (
              <p className={section.eyebrow}>Listen before you read</p>
            )}
            <h2 id="top-books-title" className={section.title}>
              TOP 20 BOOK STRUTS
            </h2>
          </div>
          {(more || open) && (
            <Button
              variant="secondary"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Show the first row only' : 'Show all 20'}
            </Button>
          )}
        </div>
        <div id={panelId}>
          <ListStates
            // Placeholder books (the first row, while all 20 load) stay on screen if the larger list fails.
            query={{ ...home, isError: home.isError && titles.length === 0 }}
            rows={titles}
            loadingLabel="Loading the top titles"
            loading={
              <ul className={bookGrid.list} aria-busy="true">
                {Array.from({ length: row }, (_, i) => (
                  <li key={i} className={bookGrid.item}>
                    <BookCardSkeleton />
                  </li>
                ))}
              </ul>
            }
            failedMessage={(error) => errorMessage(error, 'Failed to fetch podcasts')}
            empty="No titles yet. Check back soon."
          >
            {(titles) => (
              <ul className={bookGrid.list} aria-busy={home.isPlaceholderData || undefined}>
                {(configuredAdvert
                  ? withAdSlots(titles, every, open && trailing)
                  : titles.map((item) => ({ kind: 'item' as const, item }))
                ).map((cell) =>
                  cell.kind === 'item' ? (
                    <li key={cell.item._id} className={bookGrid.item}>
                      <BookCard book={cell.item} />
                    </li>
                  ) : (
                    <li key={cell.key} className={bookGrid.ad}>
                      <AdSlot />
                    </li>
                  ),
                )}
              </ul>
            )}
          </ListStates>
        </div>
      </div>
    </section>
  )
}
