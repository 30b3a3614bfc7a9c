import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { beforeAll, describe, expect, it } from 'vitest'
import { ListingsPage } from '@/features/catalogue/components/listings-page'
import { addBookWithClip, holdPlan } from '@/test/analytics-fixtures'
import { createAccount, type Account } from '@/test/factories'
import { signInInBrowser } from '@/test/reader'
import { renderWithProviders } from '@/test/render'
import { watchRequests } from '@/test/server'
import { renderAnalytics } from './profile-listings'

// My Listings with the analytics panel as the app wires it, on the real API (src/test/global-setup.ts).

const IDEAS: [string, string, string] = ['a quiet village', 'a missing bell', 'the choir sings again']

let author: Account

beforeAll(async () => {
  author = await createAccount({ role: 'author' })
  await holdPlan(author.id, 'Basic Strut')
  // Newest first in the list: the pending one is made last.
  await addBookWithClip(author.id, { title: 'First Approved', ideas: IDEAS })
  await addBookWithClip(author.id, { title: 'Second Approved', ideas: IDEAS })
  await addBookWithClip(author.id, { title: 'Still Pending', ideas: IDEAS, status: 0 })
})

function renderListings() {
  signInInBrowser(author, 'author')
  renderWithProviders(
    <MemoryRouter>
      <ListingsPage userId={author.id} onBlocked={() => {}} renderAnalytics={renderAnalytics} />
    </MemoryRouter>,
  )
}

const row = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('li') as HTMLElement
const toggleOf = (li: HTMLElement) => within(li).getByRole('button', { name: 'Analytics' })
const panels = () => screen.queryAllByRole('region', { name: /^Analytics of / })

describe('analytics in My Listings', () => {
  it('opens for approved titles only: the toggle of a pending one is disabled', async () => {
    renderListings()
    const pending = await row('Still Pending')
    expect(toggleOf(pending)).toBeDisabled()
    expect(toggleOf(await row('First Approved'))).toBeEnabled()
  })

  it('keeps one panel open at a time, closes it on a second click, and reopens it from the cache', async () => {
    const user = userEvent.setup()
    const sent = watchRequests()
    renderListings()
    const first = await row('First Approved')
    const second = await row('Second Approved')

    await user.click(toggleOf(first))
    expect(toggleOf(first)).toHaveAttribute('aria-expanded', 'true')
    const firstPanel = await within(first).findByRole('region', { name: 'Analytics of First Approved' })
    expect(await within(firstPanel).findByRole('heading', { name: 'Analytics' })).toBeInTheDocument()

    await user.click(toggleOf(second))
    await within(second).findByRole('region', { name: 'Analytics of Second Approved' })
    expect(panels()).toHaveLength(1)
    expect(toggleOf(first)).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggleOf(second))
    expect(panels()).toHaveLength(0)
    expect(toggleOf(second)).toHaveAttribute('aria-expanded', 'false')

    // Reopened: the cached figures show at once, before any new answer.
    await sent.settled()
    const before = sent.requests.filter((r) => r.path === '/lnsights').length
    await user.click(toggleOf(first))
    const again = within(first).getByRole('region', { name: 'Analytics of First Approved' })
    expect(within(again).getByRole('heading', { name: 'Analytics' })).toBeInTheDocument()
    expect(sent.requests.filter((r) => r.path === '/lnsights').length).toBe(before)
    await waitFor(() => expect(panels()).toHaveLength(1))
  })
})
