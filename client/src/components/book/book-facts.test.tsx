import { render, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Podcast } from '@bookstrut/schemas'
import { addBook, addEpisode, createAccount, type Account } from '@/test/factories'
import { callApi } from '@/test/server'
import { BookFacts } from './book-facts'

// A title's facts (the single page's and the Favorite row's) for titles as the real API (src/test/global-setup.ts)
// sends them.

let owner: Account
beforeAll(async () => {
  owner = await createAccount({ role: 'author' })
})

/** A new title as the server shows it; with a podblurb of `duration` seconds when given. */
async function title(book: { year?: number; category?: string }, duration?: number): Promise<Podcast> {
  const podcastId = await addBook(owner.id, { title: 'Facts of a title', ...book })
  if (duration !== undefined) await addEpisode(podcastId, { duration })
  const res = await callApi(`/get/Single/Podcast?PodcastId=${podcastId}`)
  return res.body.data as Podcast
}

/** The facts shown as [term, definition] pairs, in order. */
const factsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])

describe('a title’s facts', () => {
  it('Year Pub is the year with the category and Podblurb the recording’s mm:ss; the view’s own facts follow', async () => {
    const podcast = await title({ year: 1960, category: 'Classics' }, 83)
    const { container } = render(
      <BookFacts book={podcast} className="book-facts" noPodblurb="Not yet recorded">
        <div>
          <dt>ISBN</dt>
          <dd>—</dd>
        </div>
      </BookFacts>,
    )
    expect(container.querySelector('dl')).toHaveClass('book-facts')
    expect(factsOf(container)).toEqual([
      ['Year Pub', '1960 · Classics'],
      ['Podblurb', '01:23'],
      ['ISBN', '—'],
    ])
  })

  it('a title without a year reads "Year unknown" before its category, and without a recording the view’s words', async () => {
    const podcast = await title({})
    const { container } = render(
      <BookFacts book={podcast} className="book-facts" noPodblurb="Not yet recorded" />,
    )
    expect(factsOf(container)).toEqual([
      ['Year Pub', 'Year unknown · Mystery'],
      ['Podblurb', 'Not yet recorded'],
    ])
  })
})
