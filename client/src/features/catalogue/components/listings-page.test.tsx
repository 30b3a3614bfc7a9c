import { screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { holdPlan as seedPlan } from '@bookstrut/api/testing'
import { addBooks, createAccount, testDb, type Account } from '@/test/factories'
import { signInInBrowser } from '@/test/reader'
import { renderWithProviders } from '@/test/render'
import { ListingsPage } from './listings-page'

// My Listings' plan counter and expired-plan warning on the real API (src/test/global-setup.ts).

/** A membership of the plan bought 12 months before `expiry`. */
function holdPlan(userId: string, planName: string, expiry: string) {
  const purchasedAt = new Date(expiry)
  purchasedAt.setUTCMonth(purchasedAt.getUTCMonth() - 12)
  return seedPlan(testDb(), userId, planName, { purchasedAt, expiresAt: new Date(expiry) })
}

function renderPage(author: Account) {
  signInInBrowser(author, 'author')
  renderWithProviders(
    <MemoryRouter>
      <ListingsPage userId={author.id} onBlocked={() => {}} />
    </MemoryRouter>,
  )
}

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString()

describe('My Listings follows the plan in effect', () => {
  it("counts against the plan's limit", async () => {
    const author = await createAccount({ role: 'author' })
    await holdPlan(author.id, 'Basic Strut', inAYear())
    await addBooks(author.id, 2)
    renderPage(author)
    expect(await screen.findByRole('button', { name: /Add Listing\s*2 of 5 listed/ })).toBeInTheDocument()
    expect(screen.queryByText(/Your plan has expired/)).not.toBeInTheDocument()
  })

  it("falls back to the free plan's limit once the plan has expired, keeping the listings", async () => {
    const author = await createAccount({ role: 'author' })
    await holdPlan(author.id, 'Basic Strut', '2026-01-10T12:00:00Z')
    await addBooks(author.id, 2)
    renderPage(author)
    expect(await screen.findByRole('button', { name: /Add Listing\s*2 of 1 listed/ })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Your Basic Strut plan expired on January 10, 2026. Your listings stay; new ones follow the free plan's limit of 1 book.",
    )
    expect(screen.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/membership')
    expect(await screen.findByText('Test Book 2')).toBeInTheDocument()
  })
})
