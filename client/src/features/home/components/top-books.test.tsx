import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Podcast } from '@bookstrut/schemas'
import { BookCard } from '@/components/book/book-card'
import { addBook, addEpisode, createAccount, type Account } from '@/test/factories'
import { renderRoutes } from '@/test/render'
import { callApi, watchRequests } from '@/test/server'
import { TopBooks } from './top-books'

// The home page's TOP 20 BOOK STRUTS on the real API (src/test/global-setup.ts): its first row is open without a
// click, and only the titles shown are asked for (each one answered is a view for its author). Other test files
// add titles at the same time, so this one checks counts and requests, not which titles.

let owner: Account
beforeAll(async () => {
  owner = await createAccount({ role: 'author' })
  for (let i = 0; i < 7; i++) await addBook(owner.id, { title: `Top row ${i}` })
})

const homeRequests = (sent: ReturnType<typeof watchRequests>) =>
  sent.requests.filter((r) => r.path === '/home/page').map((r) => r.query.get('limit'))

describe('the Top 20 on the home page', () => {
  it('shows its first row at once, asking for that row only, and the rest on "Show all 20"', async () => {
    const sent = watchRequests()
    renderRoutes([{ path: '/', element: <TopBooks /> }], '/')
    const section = screen.getByRole('region', { name: 'TOP 20 BOOK STRUTS' })
    // jsdom answers no media query: the wide grid, 6 cards a row.
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(6))
    expect(homeRequests(sent)).toEqual(['6'])

    await userEvent.click(within(section).getByRole('button', { name: 'Show all 20' }))
    await waitFor(() => expect(within(section).getAllByRole('article').length).toBeGreaterThan(6))
    expect(within(section).getAllByRole('article').length).toBeLessThanOrEqual(20)
    expect(homeRequests(sent)).toEqual(['6', '20'])
    expect(within(section).getByRole('button', { name: 'Show the first row only' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })
})

describe('a title card', () => {
  async function served(id: string) {
    return (await callApi(`/get/Single/Podcast?PodcastId=${id}`)).body.data as Podcast
  }
  function renderCard(podcast: Podcast) {
    renderRoutes([{ path: '/', element: <BookCard book={podcast} /> }], '/')
    return screen.getByRole('article', { name: podcast.title })
  }

  it('has no play control and says "Not yet recorded" when the book has no podblurb', async () => {
    const card = renderCard(
      await served(await addBook(owner.id, { title: 'Silent', year: 1997, category: 'Fantasy' })),
    )
    expect(within(card).queryByRole('button', { name: /play/i })).toBeNull()
    const facts = within(card)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])
    expect(facts.slice(0, 2)).toEqual([
      ['Year Pub', '1997 · Fantasy'],
      ['Podblurb', 'Not yet recorded'],
    ])
  })

  it('has a play control and the podblurb’s length when it has one', async () => {
    const id = await addBook(owner.id, { title: 'Spoken' })
    await addEpisode(id, { duration: 83 })
    const card = renderCard(await served(id))
    expect(within(card).getByRole('button', { name: 'Play podblurb of Spoken' })).toBeInTheDocument()
    expect(within(card).getByText('01:23')).toBeInTheDocument()
  })
})
