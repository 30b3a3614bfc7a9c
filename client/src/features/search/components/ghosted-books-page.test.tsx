import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Account } from '@/test/factories'
import { booksMarkedByReaders } from '@/test/reader'
import { renderRoutes } from '@/test/render'
import { callApi, pagesAsked, watchRequests } from '@/test/server'
import { GhostedBooksPage } from './ghosted-books-page'

// Ghosted titles on the real API (src/test/global-setup.ts); each test has its own reader.

/** A signed-in reader who ghosted `count` new books (through the API); returns the reader and the titles. */
const { readerWith: readerWithGhosts } = booksMarkedByReaders({
  titlePrefix: 'Ghost',
  mark: (reader, podcastId) => ({ path: '/create/ghostmode', body: { userId: reader.id, podcastId } }),
})

function renderPage(reader: Account) {
  renderRoutes(
    [{ path: '/profile-ghost', element: <GhostedBooksPage userId={reader.id} /> }],
    '/profile-ghost',
  )
  return userEvent.setup()
}

const rowsOf = (t: HTMLElement) => within(t).getAllByTestId('result-row')

describe('ghosted titles', () => {
  it('lists the ghosted titles with a Ghost Count column and Remove Ghost per row', async () => {
    const { reader, titles } = await readerWithGhosts(2)
    renderPage(reader)
    const t = await screen.findByRole('table', { name: 'Ghosted titles' })
    expect(within(t).getByRole('columnheader', { name: 'Ghost Count' })).toBeInTheDocument()
    expect(within(t).queryByRole('columnheader', { name: 'Strut Score' })).toBeNull()
    expect(
      rowsOf(t)
        .map((r) => within(r).getByRole('link', { name: /^Ghost / }).textContent)
        .sort(),
    ).toEqual(titles)
    for (const title of titles)
      expect(within(t).getByRole('button', { name: `Remove Ghost: ${title}` })).toBeInTheDocument()
  })

  it('Remove Ghost asks first, then the title leaves the list: "Ghost removed successfully."', async () => {
    const { reader, titles } = await readerWithGhosts(1)
    const sent = watchRequests()
    const user = renderPage(reader)
    const t = await screen.findByRole('table', { name: 'Ghosted titles' })
    await user.click(within(t).getByRole('button', { name: `Remove Ghost: ${titles[0]}` }))
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' })
    expect(within(dialog).getByText('Do you really want to remove this ghost listing?')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }))
    expect(await screen.findByText('Ghost removed successfully.')).toBeInTheDocument()
    expect(await screen.findByText('No ghost titles found')).toBeInTheDocument()
    const del = sent.requests.find((r) => r.method === 'DELETE')
    expect(del?.path).toBe('/remove/ghostmode')
    expect(del?.query.get('userId')).toBe(reader.id)
    const list = await callApi(`/ghostmodepodcast?userId=${reader.id}`, { token: reader.token })
    expect(list.body.data).toEqual([])
  })

  it('"No ghost titles found" when there are none', async () => {
    const { reader } = await readerWithGhosts(0)
    renderPage(reader)
    expect(await screen.findByText('No ghost titles found')).toBeInTheDocument()
  })

  it('appends later pages (10 per page)', async () => {
    const { reader } = await readerWithGhosts(12)
    const sent = watchRequests()
    renderPage(reader)
    const t = await screen.findByRole('table', { name: 'Ghosted titles' })
    await waitFor(() => expect(rowsOf(t)).toHaveLength(12))
    expect(pagesAsked(sent, '/ghostmodepodcast')).toEqual([
      ['1', '10'],
      ['2', '10'],
    ])
  })
})
