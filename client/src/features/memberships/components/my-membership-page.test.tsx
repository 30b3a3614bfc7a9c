import { screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { holdPlan as seedPlan } from '@bookstrut/api/testing'
import { addBooks, createAccount, testDb, type Account } from '@/test/factories'
import { signInInBrowser } from '@/test/reader'
import { renderWithProviders } from '@/test/render'
import { MyMembershipPage } from './my-membership-page'

// My Membership on the real API (src/test/global-setup.ts).

/** A membership as a purchase leaves it; `current` false makes it a past plan. */
const holdPlan = (userId: string, planName: string, purchase: string, expiry: string, current: boolean) =>
  seedPlan(testDb(), userId, planName, {
    purchasedAt: new Date(purchase),
    expiresAt: new Date(expiry),
    current,
  })

function renderPage(author: Account) {
  signInInBrowser(author, 'author')
  renderWithProviders(
    <MemoryRouter>
      <MyMembershipPage userId={author.id} email={author.email} supportEmail="support@bookstrut.test" />
    </MemoryRouter>,
  )
}

describe('My Membership', () => {
  it('shows the current plan, the past plans and the chooser when a higher plan exists (reading (b))', async () => {
    const author = await createAccount({ role: 'author' })
    await holdPlan(author.id, 'Essential Strut', '2025-01-10T12:00:00Z', '2026-01-10T12:00:00Z', false)
    await holdPlan(author.id, 'Pro Strut', '2026-11-20T12:00:00Z', '2027-11-20T12:00:00Z', true)
    await addBooks(author.id, 2)
    renderPage(author)
    expect(await screen.findByTestId('current-plan-name')).toHaveTextContent('Pro Strut')
    expect(screen.getByTestId('current-plan-expiry')).toHaveTextContent('November 20, 2027')
    const past = screen.getByRole('region', { name: 'Past Plan' })
    expect(within(past).getByRole('rowheader', { name: 'Essential Strut' })).toBeInTheDocument()
    expect(within(past).getByText('January 10, 2026')).toBeInTheDocument()
    const chooser = screen.getByRole('region', { name: 'Upgrade your plan' })
    expect(within(chooser).getByRole('radio', { name: 'Elite Strut' })).toBeEnabled()
    expect(within(chooser).getByRole('radio', { name: 'Basic Strut' })).toBeDisabled()
    expect(screen.getByRole('region', { name: 'Billing details' })).toHaveTextContent('No payment yet.')
  })

  it('warns that a plan has expired and offers every paid plan again', async () => {
    const author = await createAccount({ role: 'author' })
    await holdPlan(author.id, 'Basic Strut', '2025-01-10T12:00:00Z', '2026-01-10T12:00:00Z', true)
    renderPage(author)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your Basic Strut plan expired on January 10, 2026.',
    )
    const chooser = screen.getByRole('region', { name: 'Upgrade your plan' })
    expect(within(chooser).getByRole('radio', { name: 'Essential Strut' })).toBeEnabled()
  })

  it('shows no chooser on the highest plan', async () => {
    const author = await createAccount({ role: 'author' })
    await holdPlan(author.id, 'Elite Strut', '2026-11-20T12:00:00Z', '2027-11-20T12:00:00Z', true)
    renderPage(author)
    expect(await screen.findByTestId('current-plan-name')).toHaveTextContent('Elite Strut')
    expect(screen.queryByRole('region', { name: 'Upgrade your plan' })).not.toBeInTheDocument()
  })
})
