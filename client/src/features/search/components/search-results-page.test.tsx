import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { addBook, blockUser, createAccount, uniqueWord, type Account } from '@/test/factories'
import { renderRoutes } from '@/test/render'
import { signInInBrowser } from '@/test/reader'
import { callApi, makeServerUnreachable, watchRequests } from '@/test/server'
import { SearchResultsPage } from './search-results-page'

// The page searches the real API (src/test/global-setup.ts). Keyword searches use a word only this file's
// books carry; the idea search is checked for what it sends and how the page treats the answers.

let owner: Account

beforeAll(async () => {
  owner = await createAccount({ role: 'publisher' })
})

/** `count` books whose titles carry one fresh word; returns the word and the titles, in title order. */
async function books(count: number) {
  const word = uniqueWord()
  const titles = Array.from(
    { length: count },
    (_, i) => `The ${word} Chronicle ${String(i + 1).padStart(2, '0')}`,
  )
  for (const title of titles) await addBook(owner.id, { title, category: 'Fantasy' })
  return { word, titles }
}

/** A signed-in reader looking at the results of a search that finds `count` new books, its requests watched. */
async function readerSeesResults(count: number) {
  const reader = await createAccount()
  signInInBrowser(reader)
  const { word, titles } = await books(count)
  const sent = watchRequests()
  const { user } = renderPage(`/search-book?query=${word}`)
  const t = await table()
  return { reader, titles, sent, user, t }
}

function renderPage(path: string) {
  const onBlocked = vi.fn()
  const result = renderRoutes(
    [
      { path: '/search-book', element: <SearchResultsPage onBlocked={onBlocked} /> },
      { path: '/', element: <p>home</p> },
    ],
    path,
  )
  return { ...result, onBlocked, user: userEvent.setup() }
}

const table = () => screen.findByRole('table', { name: 'Search results' })
const dataRows = (t: HTMLElement) => within(t).getAllByTestId('result-row')

const IDEAS = [
  'A lighthouse keeper guards a secret that could ruin the island',
  'Letters from a lost brother arrive decades too late',
  'A storm forces strangers to trust each other overnight',
] as const
const ideaPath = () =>
  `/search-book?${new URLSearchParams({ firstField: IDEAS[0], secondField: IDEAS[1], thirdField: IDEAS[2] }).toString()}`

describe('keyword (one sentence) results', () => {
  it('lists the matches with a counter, no Strut Score column, and no row actions for visitors', async () => {
    const { word, titles } = await books(3)
    renderPage(`/search-book?query=${word}`)
    const t = await table()
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('3 results')
    expect(
      dataRows(t)
        .map((r) => within(r).getByRole('link', { name: /Chronicle/ }).textContent)
        .sort(),
    ).toEqual(titles)
    expect(within(t).queryByRole('columnheader', { name: 'Strut Score' })).toBeNull()
    expect(within(t).getByRole('columnheader', { name: 'Year Pub' })).toBeInTheDocument()
    expect(within(t).queryByRole('button', { name: /^(Ghost|Report) / })).toBeNull()
    // The category opens a keyword search for it.
    expect(within(dataRows(t)[0]!).getByRole('link', { name: 'Fantasy' })).toHaveAttribute(
      'href',
      '/search-book?query=Fantasy',
    )
  })

  it('one match reads "1 result" and "That’s the only result.", not "That’s all 1 result."', async () => {
    const { word } = await books(1)
    renderPage(`/search-book?query=${word}`)
    const t = await table()
    expect(dataRows(t)).toHaveLength(1)
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('1 result')
    expect(await screen.findByText('That’s the only result.')).toBeInTheDocument()
    expect(screen.queryByText(/That’s all 1 result/)).toBeNull()
  })

  it('"No results found" when nothing matches', async () => {
    renderPage(`/search-book?query=${uniqueWord()}`)
    expect(await screen.findByText('No results found')).toBeInTheDocument()
  })

  it('asks page after page (10 each) while the list does not fill the window, merging them', async () => {
    const { word } = await books(12)
    const sent = watchRequests()
    renderPage(`/search-book?query=${word}`)
    const t = await table()
    await waitFor(() => expect(dataRows(t)).toHaveLength(12))
    const pages = sent.requests.filter((r) => r.path === '/search/podcast/surface')
    expect(pages.map((r) => [r.query.get('page'), r.query.get('limit')])).toEqual([
      ['1', '10'],
      ['2', '10'],
    ])
    expect(screen.getByText('That’s all 12 results.')).toBeInTheDocument()
  })
})

describe('ghost and report (signed in)', () => {
  it('Ghost asks first, then the title leaves the list and the counter', async () => {
    const { reader, titles, sent, user, t } = await readerSeesResults(2)
    await waitFor(() => expect(dataRows(t)).toHaveLength(2))
    const ghosted = titles[0]!
    await user.click(within(t).getByRole('button', { name: `Ghost ${ghosted}` }))
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' })
    expect(within(dialog).getByText('Do you really want to Ghost this listing?')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Yes, ghost it' }))
    expect(await screen.findByText('Ghost mode activated successfully.')).toBeInTheDocument()
    await waitFor(() => expect(dataRows(t)).toHaveLength(1))
    expect(within(t).queryByText(ghosted)).toBeNull()
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('1 result')
    const post = sent.requests.find((r) => r.path === '/create/ghostmode')
    expect(post?.body).toMatchObject({ userId: reader.id })
    const list = await callApi(`/ghostmodepodcast?userId=${reader.id}`, { token: reader.token })
    expect(list.body.data.map((p: { title: string }) => p.title)).toEqual([ghosted])
  })

  it('Cancel ghosts nothing', async () => {
    const { titles, sent, user, t } = await readerSeesResults(1)
    await user.click(within(t).getByRole('button', { name: `Ghost ${titles[0]}` }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent.requests.some((r) => r.path === '/create/ghostmode')).toBe(false)
    expect(dataRows(t)).toHaveLength(1)
  })

  it('Report needs a type, then sends it: "Report sent successfully"', async () => {
    const { reader, titles, sent, user, t } = await readerSeesResults(1)
    await user.click(within(t).getByRole('button', { name: `Report ${titles[0]}` }))
    const dialog = screen.getByRole('dialog', { name: 'Report Violation' })
    const types = await within(dialog).findAllByRole('radio')
    expect(types.length).toBeGreaterThan(0)
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(within(dialog).getByText('Please select a bug report type')).toBeInTheDocument()
    expect(sent.requests.some((r) => r.path === '/create/reportpodcast')).toBe(false)
    await user.click(types[0]!)
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Report sent successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent.requests.find((r) => r.path === '/create/reportpodcast')?.body).toMatchObject({
      userId: reader.id,
      reportTypeId: (types[0] as HTMLInputElement).value,
    })
  })

  it('a session that ended meanwhile gets "Please login first" instead of the dialog', async () => {
    const reader = await createAccount()
    signInInBrowser(reader)
    const { word, titles } = await books(1)
    const { user } = renderPage(`/search-book?query=${word}`)
    const t = await table()
    const ghost = within(t).getByRole('button', { name: `Ghost ${titles[0]}` })
    // Another tab signed out: our stored session is gone before the click.
    localStorage.setItem('isLogin', 'false')
    await user.click(ghost)
    expect(await screen.findByText('Please login first')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('idea search', () => {
  it('sends the three ideas, page 1, limit 10 and the browser language; the caller id only when signed in', async () => {
    const sent = watchRequests()
    renderPage(ideaPath())
    await waitFor(() => expect(sent.requests.some((r) => r.path === '/search/podcast')).toBe(true))
    const visitor = sent.requests.find((r) => r.path === '/search/podcast')!
    expect(Object.fromEntries(visitor.query)).toEqual({
      firstField: IDEAS[0],
      secondField: IDEAS[1],
      thirdField: IDEAS[2],
      page: '1',
      limit: '10',
      language: navigator.language,
    })
    await sent.settled()
    // Whatever the catalogue holds, the page settles on results or on "No results found", never an error.
    await waitFor(() =>
      expect(
        screen.queryByText('No results found') ?? screen.queryByRole('table', { name: 'Search results' }),
      ).not.toBeNull(),
    )
  })

  it('signed in, the search carries the caller id', async () => {
    const reader = await createAccount()
    signInInBrowser(reader)
    const sent = watchRequests()
    renderPage(ideaPath())
    await waitFor(() => expect(sent.requests.some((r) => r.path === '/search/podcast')).toBe(true))
    expect(sent.requests.find((r) => r.path === '/search/podcast')?.query.get('userid')).toBe(reader.id)
  })

  it('403 BLOCKED: the blocked notice with the admin note, and the blocked flag stored', async () => {
    const reader = await createAccount()
    await blockUser(reader.id, 'Spam reports')
    signInInBrowser(reader)
    const { onBlocked } = renderPage(ideaPath())
    await waitFor(() => expect(onBlocked).toHaveBeenCalledWith('Spam reports'))
    expect(onBlocked).toHaveBeenCalledOnce()
    expect(localStorage.getItem('isBlocked')).toBe('true')
  })

  it('terms missing from the address are named and nothing is sent', async () => {
    const sent = watchRequests()
    renderPage('/search-book?firstField=dragons&secondField=&thirdField=')
    expect(await screen.findByText(/Please fill in: Idea #2, Idea #3\./)).toBeInTheDocument()
    expect(sent.requests).toHaveLength(0)
    // The box above starts from them, to be completed.
    const refine = screen.getByRole('form', { name: 'Refine your search' })
    expect(within(refine).getByLabelText('Idea #1')).toHaveValue('dragons')
  })

  it('an unreachable server: "Search failed. Please try again." with a way to retry', async () => {
    await makeServerUnreachable()
    renderPage(ideaPath())
    expect(
      await screen.findByText('Search failed. Please try again.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
