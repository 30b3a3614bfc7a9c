import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { createAccount, type Account } from '@/test/factories'
import { renderRoutes } from '@/test/render'
import { signInInBrowser } from '@/test/reader'
import { callApi, makeServerUnreachable, watchRequests } from '@/test/server'
import { SavedSearchPage } from './saved-search-page'

// Saved searches on the real API (src/test/global-setup.ts); each test has its own reader.

const FIRST = [
  'A lighthouse keeper guards a secret that could ruin the island',
  'Letters from a lost brother arrive decades too late',
  'A storm forces strangers to trust each other overnight',
] as const
const SECOND = [
  'A young engineer rebuilds her hometown after a flood',
  'An unlikely friendship between rival chess players',
  'Family secrets slowly revealed across three generations',
] as const

/** A signed-in reader with saved searches (oldest first, so the last one is listed first). */
async function readerWith(...searches: (readonly [string, string, string])[]): Promise<Account> {
  const reader = await createAccount()
  for (const [fistKeyWord, secondKeyWord, thirdKeyWord] of searches) {
    const res = await callApi('/create/search/history', {
      method: 'POST',
      token: reader.token,
      body: { userId: reader.id, fistKeyWord, secondKeyWord, thirdKeyWord },
    })
    if (res.status !== 200) throw new Error(`saving a search: ${res.status} ${res.body.message}`)
  }
  signInInBrowser(reader, 'reader')
  return reader
}

function ResultsProbe() {
  const location = useLocation()
  return <output aria-label="results location">{location.search}</output>
}

function renderPage(reader: Account, beforeSearch?: () => Promise<boolean>) {
  const result = renderRoutes(
    [
      {
        path: '/profile-search',
        element: <SavedSearchPage userId={reader.id} beforeSearch={beforeSearch} />,
      },
      { path: '/search-book', element: <ResultsProbe /> },
    ],
    '/profile-search',
  )
  return { ...result, user: userEvent.setup() }
}

const savedList = () => screen.getByRole('list', { name: 'Saved searches' })
const item = (first: string) => screen.findByRole('listitem', { name: `Saved search: ${first}` })
const history = async (reader: Account) =>
  (await callApi(`/get/all/search/history?userId=${reader.id}`, { token: reader.token })).body.data as {
    fistKeyWord: string
    secondKeyWord: string
    thirdKeyWord: string
  }[]

describe('saved searches', () => {
  it('lists each saved search, most recent first, with its three terms in text boxes', async () => {
    const reader = await readerWith(FIRST, SECOND)
    renderPage(reader)
    await item(FIRST[0])
    const items = within(savedList()).getAllByRole('listitem')
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      `Saved search: ${SECOND[0]}`,
      `Saved search: ${FIRST[0]}`,
    ])
    const first = items[1]!
    expect(within(first).getByLabelText('Idea #1')).toHaveValue(FIRST[0])
    expect(within(first).getByLabelText('Idea #2')).toHaveValue(FIRST[1])
    expect(within(first).getByLabelText('Idea #3')).toHaveValue(FIRST[2])
    expect(screen.getByText('2 saved searches')).toBeInTheDocument()
  })

  it('"No Data Found" without saved searches; Clear All is then disabled', async () => {
    const reader = await readerWith()
    renderPage(reader)
    expect(await screen.findByText('No Data Found')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled()
  })

  it('editing any term enables Save; Save stores the three terms', async () => {
    const reader = await readerWith(FIRST)
    const sent = watchRequests()
    const { user } = renderPage(reader)
    const li = await item(FIRST[0])
    const save = within(li).getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    const third = within(li).getByLabelText('Idea #3')
    await user.clear(third)
    await user.type(third, 'A cat who talks to the moon at night')
    expect(save).toBeEnabled()
    await user.click(save)
    expect(await screen.findByText('Search history updated successfully')).toBeInTheDocument()
    const put = sent.requests.find((r) => r.method === 'PUT')
    expect(put?.path).toBe('/update/search/history')
    expect(put?.body).toEqual({
      fistKeyWord: FIRST[0],
      secondKeyWord: FIRST[1],
      thirdKeyWord: 'A cat who talks to the moon at night',
    })
    expect((await history(reader))[0]?.thirdKeyWord).toBe('A cat who talks to the moon at night')
    // Saved: Save is off again until the next edit.
    await waitFor(() =>
      expect(
        within(within(savedList()).getByRole('listitem')).getByRole('button', { name: 'Save' }),
      ).toBeDisabled(),
    )
  })

  it('an edit that would make two ideas similar is not saved', async () => {
    const reader = await readerWith(FIRST)
    const sent = watchRequests()
    const { user } = renderPage(reader)
    const li = await item(FIRST[0])
    const second = within(li).getByLabelText('Idea #2')
    await user.clear(second)
    await user.type(second, FIRST[0].toUpperCase())
    await user.click(within(li).getByRole('button', { name: 'Save' }))
    expect(within(li).getByRole('alert')).toHaveTextContent(
      'It appears you have duplicate or similar queries. Please revise.',
    )
    expect(sent.requests.some((r) => r.method === 'PUT')).toBe(false)
  })

  it('Delete removes one saved search', async () => {
    const reader = await readerWith(FIRST, SECOND)
    const { user } = renderPage(reader)
    const li = await item(FIRST[0])
    await user.click(within(li).getByRole('button', { name: `Delete saved search: ${FIRST[0]}` }))
    await waitFor(() => expect(within(savedList()).getAllByRole('listitem')).toHaveLength(1))
    expect((await history(reader)).map((h) => h.fistKeyWord)).toEqual([SECOND[0]])
  })

  it('Clear All asks first, then deletes every saved search', async () => {
    const reader = await readerWith(FIRST, SECOND)
    const { user } = renderPage(reader)
    await item(FIRST[0])
    await user.click(screen.getByRole('button', { name: 'Clear All' }))
    const dialog = screen.getByRole('dialog')
    expect(
      within(dialog).getByText(
        'This action will permanently delete all your search history and cannot be undone.',
      ),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Yes, clear all' }))
    expect(await screen.findByText('No Data Found')).toBeInTheDocument()
    expect(await history(reader)).toEqual([])
  })

  it('Search checks the user first, then opens the results with the terms', async () => {
    const reader = await readerWith(FIRST)
    const beforeSearch = vi.fn().mockResolvedValue(false)
    const { user, router } = renderPage(reader, beforeSearch)
    const li = await item(FIRST[0])
    await user.click(within(li).getByRole('button', { name: 'Search' }))
    expect(beforeSearch).toHaveBeenCalledOnce()
    expect(router.state.location.pathname).toBe('/profile-search')
    beforeSearch.mockResolvedValue(true)
    await user.click(within(li).getByRole('button', { name: 'Search' }))
    await screen.findByLabelText('results location')
    expect(router.state.location.pathname).toBe('/search-book')
    expect(router.state.location.state).toEqual({
      mode: 'structured',
      ideas: [FIRST[0], FIRST[1], FIRST[2]],
    })
  })

  it('a failed load: "Failed to fetchHISTORY"', async () => {
    const reader = await readerWith(FIRST)
    await makeServerUnreachable()
    renderPage(reader)
    expect(await screen.findByText('Failed to fetchHISTORY', {}, { timeout: 10_000 })).toBeInTheDocument()
  })
})
