import { randomBytes } from 'node:crypto'
import { screen } from '@testing-library/react'
import pg from 'pg'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { addBooks, createAccount, type Account } from '@/test/factories'
import { signInInBrowser } from '@/test/reader'
import { renderWithProviders } from '@/test/render'
import { ListingsPage } from './listings-page'

// My Listings' plan counter and expired-plan warning on the real API (src/test/global-setup.ts).

const pool = new pg.Pool({ connectionString: inject('apiDatabaseUrl'), max: 1 })
afterAll(() => pool.end())

async function holdPlan(userId: string, planName: string, expiry: string) {
  await pool.query(
    `insert into memberships (id, user_id, plan_id, price, book_limit, purchase_date, expiry_date, is_current)
     select $1, $2, p.id, p.price, p.book_limit, $4::timestamptz - interval '12 months', $4::timestamptz, true
       from plans p where p.plan_name = $3`,
    [Math.floor(Date.now() / 1000).toString(16) + randomBytes(8).toString('hex'), userId, planName, expiry],
  )
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
