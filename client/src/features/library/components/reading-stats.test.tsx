import { screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { addBook, createAccount, shelve, type Account } from '@/test/factories'
import { signInInBrowser } from '@/test/reader'
import { renderWithProviders } from '@/test/render'
import { callApi } from '@/test/server'
import { ReadingStats } from './reading-stats'

// My Dashboard's reading stats from the real API (src/test/global-setup.ts): books shelved as Read and searches
// saved through it, each test with its own reader.

const thisMonth = () => new Date().toISOString().slice(0, 7)

function renderStats(reader: Account) {
  signInInBrowser(reader)
  renderWithProviders(
    <MemoryRouter>
      <ReadingStats userId={reader.id} />
    </MemoryRouter>,
  )
  return screen.getByRole('region', { name: 'Your reading' })
}

describe('reading stats on My Dashboard', () => {
  it('invite a new reader to search or import instead of showing empty charts', async () => {
    const region = renderStats(await createAccount())
    expect(await within(region).findByText(/Your stats start with your first book/)).toBeInTheDocument()
    expect(within(region).getByRole('link', { name: 'Find a book by three ideas' })).toHaveAttribute(
      'href',
      '/',
    )
    expect(
      within(region).getByRole('link', { name: 'Import your Goodreads or StoryGraph library' }),
    ).toHaveAttribute('href', '/profile-import')
    expect(within(region).queryByRole('img')).toBeNull()
  })

  it("show the books read, this month's bar, the genres and the ideas saved", async () => {
    const reader = await createAccount()
    const owner = await createAccount({ role: 'author' })
    const day = `${thisMonth()}-01`
    await shelve(reader, await addBook(owner.id, { title: 'Dune', category: 'Science Fiction' }), 'read', day)
    await shelve(
      reader,
      await addBook(owner.id, { title: 'Hyperion', category: 'Science Fiction' }),
      'read',
      day,
    )
    await shelve(reader, await addBook(owner.id, { title: 'Rebecca', category: 'Gothic' }), 'read')
    const saved = await callApi('/create/search/history', {
      method: 'POST',
      token: reader.token,
      body: {
        userId: reader.id,
        fistKeyWord: 'desert planet',
        secondKeyWord: 'spice',
        thirdKeyWord: 'a prophecy',
      },
    })
    expect(saved.status).toBe(200)

    const region = renderStats(reader)
    const year = new Date().getUTCFullYear()
    // A figure and its words are one span ("<strong>3</strong> books read").
    const spanReading = (text: string) => (_: string, el: Element | null) =>
      el?.tagName === 'SPAN' && el.textContent === text
    expect(await within(region).findByText(spanReading('3 books read'))).toBeInTheDocument()
    expect(within(region).getByText(spanReading(`2 in ${year}`))).toBeInTheDocument()
    expect(within(region).getByText('1 book without a finish date')).toBeInTheDocument()
    const monthName = new Intl.DateTimeFormat('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date())
    expect(
      within(region).getByRole('img', { name: `Books read per month: ${monthName} 2` }),
    ).toBeInTheDocument()
    const genres = within(region).getByRole('list', { name: 'Genres you read' })
    expect(
      within(genres)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Science Fiction: 2 books', 'Gothic: 1 book'])
    const ideas = within(region).getByRole('list', { name: 'Ideas you search for most' })
    expect(within(ideas).getAllByRole('listitem')).toHaveLength(3)
    expect(within(ideas).getByLabelText('desert planet: 1 saved search')).toBeInTheDocument()
    const years = within(region).getByRole('list', { name: 'Books read per year' })
    expect(within(years).getByLabelText(`${year}: 2 books`)).toBeInTheDocument()
  })
})
