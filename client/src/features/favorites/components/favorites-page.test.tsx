import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { addBook, addEpisode, blockUser, type Account } from '@/test/factories'
import { booksMarkedByReaders } from '@/test/reader'
import { renderRoutes } from '@/test/render'
import { callApi, makeServerUnreachable, pagesAsked, watchRequests } from '@/test/server'
import { FavoritesPage } from './favorites-page'

// The Favorite page on the real API (src/test/global-setup.ts); each test has its own reader.

/** A signed-in reader who favourited `count` new books (through the API), oldest first. */
const { owner, readerWith: readerWithFavorites } = booksMarkedByReaders({
  titlePrefix: 'Fav',
  addBook: async (ownerId, title) => {
    const podcastId = await addBook(ownerId, { title, description: `About ${title}.` })
    await addEpisode(podcastId, { duration: 83, likes: 2 })
    return podcastId
  },
  mark: (reader, podcastId) => ({
    path: '/add/favorite',
    body: { userid: reader.id, podcastid: podcastId },
  }),
})

function renderPage(reader: Account) {
  renderRoutes(
    [{ path: '/profile-fevorite', element: <FavoritesPage userId={reader.id} /> }],
    '/profile-fevorite',
  )
  return userEvent.setup()
}

const list = () => screen.findByRole('list', { name: 'Favorite titles' })
const rowsOf = (l: HTMLElement) =>
  // The page's rows are the list's own items (a row holds lists of its own: the book's links).
  within(l)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === l)

describe('the Favorite page', () => {
  it('lists each favourite with the spec’s row fields', async () => {
    const { reader, titles } = await readerWithFavorites(1)
    const title = titles[0] ?? ''
    renderPage(reader)
    const row = within(await list()).getByRole('listitem', { name: title })
    expect(within(row).getByRole('link', { name: title })).toBeInTheDocument()
    expect(within(row).getByText(`About ${title}.`, { selector: 'p' })).toBeInTheDocument()
    expect(within(row).getByText('Mystery', { exact: false })).toBeInTheDocument()
    expect(within(row).getByText('01:23')).toBeInTheDocument()
    expect(within(row).getByText('ISBN')).toBeInTheDocument()
    expect(within(row).getByText('Publisher')).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: `Like ${title}` })).toHaveAccessibleDescription('2 likes')
    expect(within(row).getByRole('button', { name: `Play podblurb of ${title}` })).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: `Share ${title}` })).toBeInTheDocument()
    expect(within(row).getByRole('link', { name: /Test Author/ })).toHaveAttribute(
      'href',
      `/author-profile/${owner().id}`,
    )
    expect(within(row).getByRole('button', { name: `Remove ${title} from favorites` })).toBeInTheDocument()
  })

  it('remove: "Removed from favorites", the row leaves and the server no longer has it', async () => {
    const { reader, titles } = await readerWithFavorites(2)
    const user = renderPage(reader)
    const l = await list()
    await user.click(within(l).getByRole('button', { name: `Remove ${titles[0]} from favorites` }))
    expect(await screen.findByText('Removed from favorites')).toBeInTheDocument()
    await waitFor(() => expect(rowsOf(l).map((r) => r.getAttribute('aria-label'))).toEqual([titles[1]]))
    const res = await callApi(`/get/user/favorite?userId=${reader.id}`, { token: reader.token })
    expect(res.body.data.map((p: { title: string }) => p.title)).toEqual([titles[1]])
  })

  it('"No results found" when there are none', async () => {
    const { reader } = await readerWithFavorites(0)
    renderPage(reader)
    expect(await screen.findByText('No results found')).toBeInTheDocument()
  })

  it('appends later pages (10 per page)', async () => {
    const { reader } = await readerWithFavorites(12)
    const sent = watchRequests()
    renderPage(reader)
    const l = await list()
    await waitFor(() => expect(rowsOf(l)).toHaveLength(12))
    expect(pagesAsked(sent, '/get/user/favorite')).toEqual([
      ['1', '10'],
      ['2', '10'],
    ])
  })

  it('"Something went wrong" when the server cannot be reached', async () => {
    const { reader } = await readerWithFavorites(0)
    await makeServerUnreachable()
    renderPage(reader)
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong')
  })

  it('a refused removal shows the server’s message and keeps the row', async () => {
    const { reader, titles } = await readerWithFavorites(1)
    const user = renderPage(reader)
    const l = await list()
    await blockUser(reader.id)
    await user.click(within(l).getByRole('button', { name: `Remove ${titles[0]} from favorites` }))
    expect(await screen.findByText('Your account has been blocked.')).toBeInTheDocument()
    expect(rowsOf(l)).toHaveLength(1)
    const res = await callApi(`/get/user/favorite?userId=${reader.id}`, { token: reader.token })
    expect(res.body.data).toHaveLength(1)
  })
})
