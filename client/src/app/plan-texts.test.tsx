import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { beforeAll, describe, expect, it } from 'vitest'
import { holdPlan, seedBooks } from '@bookstrut/api/testing'
import { planStanding, type HeldPlan, type PlanKind } from '@bookstrut/schemas'
import { ListingsPage } from '@/features/catalogue/components/listings-page'
import { UploadBookPage } from '@/features/catalogue/components/upload-book-page'
import { MyMembershipPage } from '@/features/memberships/components/my-membership-page'
import { WELCOME_TITLE } from '@/features/memberships/components/welcome-modal'
import {
  allowanceText,
  expiredText,
  formatUsd,
  heldPriceText,
  limitDialogText,
  listedCounterText,
  planSummaryText,
  uploadAllowanceText,
  welcomeText,
} from '@/lib/plan-texts'
import { createAccount, testDb, type Account } from '@/test/factories'
import { renderRoutes, renderWithProviders } from '@/test/render'
import { callApi } from '@/test/server'
import { signInInBrowser } from '@/test/reader'
import { routes } from './router'

/*
 * Issue 30: every plan text (welcome, upload page, My Listings, My Membership, payment dialog) comes from the one
 * plan rule set. For each of the five plans and the expired state, on the real API: the account's membership is
 * written as the server writes it, and each page must show the texts that planStanding + lib/plan-texts give for
 * it, and never another plan's words (the Elite publisher with 300 books welcomed as "Starter Strut", a Starter
 * author at the limit told "Your plan has expired", "Price: Free" for a granted Elite).
 */

interface CatalogueRow {
  name: string
  price: number
  bookLimit: number
}
let catalogue: CatalogueRow[] = []
beforeAll(async () => {
  // The plans on sale, as the API lists them, cheapest first.
  const res = await callApi('/get/all/memberships?status=true')
  const plans = res.body.data as { planName: string; price: number; bookLimit: number }[]
  catalogue = plans
    .map((p) => ({ name: p.planName, price: p.price, bookLimit: p.bookLimit }))
    .sort((a, b) => a.price - b.price)
})
const planNamed = (name: string) => {
  const plan = catalogue.find((p) => p.name === name)
  if (!plan) throw new Error(`no plan ${name}`)
  return plan
}

const DAY = 86_400_000

interface Case {
  plan: string
  kind: PlanKind
  listed: number
  /** paid: the catalogue price; granted and free: 0 */
  paid: boolean
  expiry: Date | null
}

const cases: Array<[string, Case]> = [
  [
    'Starter Strut at its 1-book limit',
    { plan: 'Starter Strut', kind: 'free', listed: 1, paid: false, expiry: null },
  ],
  [
    'Essential Strut, room left',
    {
      plan: 'Essential Strut',
      kind: 'paid',
      listed: 1,
      paid: true,
      expiry: new Date(Date.now() + 200 * DAY),
    },
  ],
  [
    'Basic Strut at its limit',
    { plan: 'Basic Strut', kind: 'paid', listed: 5, paid: true, expiry: new Date(Date.now() + 200 * DAY) },
  ],
  [
    'Pro Strut, room left',
    { plan: 'Pro Strut', kind: 'paid', listed: 3, paid: true, expiry: new Date(Date.now() + 300 * DAY) },
  ],
  [
    'Elite Strut granted, 300 books',
    { plan: 'Elite Strut', kind: 'granted', listed: 300, paid: false, expiry: null },
  ],
  [
    'Basic Strut expired',
    { plan: 'Basic Strut', kind: 'expired', listed: 2, paid: true, expiry: new Date(Date.now() - 30 * DAY) },
  ],
]

/** The account's membership and books, written as the server writes them (grantPlan, a paid upgrade, the free plan). */
async function publisherOn(c: Case): Promise<{ account: Account; held: HeldPlan }> {
  const account = await createAccount({ role: 'publisher' })
  const plan = planNamed(c.plan)
  const price = c.paid ? plan.price : 0
  await holdPlan(testDb(), account.id, c.plan, {
    price,
    purchasedAt: new Date(Date.now() - 200 * DAY),
    expiresAt: c.expiry,
  })
  await seedBooks(testDb(), account.id, c.listed)
  signInInBrowser(account, 'publisher')
  return {
    account,
    held: {
      planName: c.plan,
      price,
      planPrice: plan.price,
      bookLimit: plan.bookLimit,
      booksListed: c.listed,
      expiryDate: c.expiry ? c.expiry.toISOString() : '-1',
    },
  }
}

const other = (names: string[], but: string) => names.filter((n) => n !== but)

describe('plan texts come from the plan rules', () => {
  it.each(cases)('%s', async (_name, c) => {
    const { account, held } = await publisherOn(c)
    const standing = planStanding(held, new Date())
    expect(standing.kind).toBe(c.kind)
    const user = userEvent.setup()

    // Welcome: only the free plan is welcomed, in its own words.
    const home = renderRoutes(routes, '/')
    await screen.findByRole('button', { name: 'Account menu' })
    if (c.kind === 'free') {
      const dialog = await screen.findByRole('dialog', { name: WELCOME_TITLE })
      const text = welcomeText(standing)
      expect(dialog).toHaveTextContent(text.lead)
      expect(within(dialog).getByRole('button', { name: text.action })).toBeInTheDocument()
      expect(text.action).toBe('Go to My Listings')
    } else {
      await new Promise((r) => setTimeout(r, 300))
      expect(screen.queryByRole('dialog', { name: WELCOME_TITLE })).not.toBeInTheDocument()
      expect(screen.queryByText(/List My First Book/)).not.toBeInTheDocument()
    }
    home.unmount()

    // Upload page: the plan held and what it allows; no fixed "Free users can upload up to 5 books".
    const upload = renderWithProviders(
      <MemoryRouter>
        <UploadBookPage bookId={undefined} onBlocked={() => {}} />
      </MemoryRouter>,
    )
    expect(await screen.findByTestId('plan-summary')).toHaveTextContent(planSummaryText(standing))
    expect(screen.getByTestId('plan-allowance')).toHaveTextContent(uploadAllowanceText(standing))
    expect(document.body).not.toHaveTextContent(/Free users can upload/)
    for (const name of other(
      catalogue.map((p) => p.name),
      c.plan,
    ))
      expect(screen.getByTestId('plan-summary')).not.toHaveTextContent(name)
    // At the limit the page says why at once, before anything is filled in.
    if (standing.limitReached)
      expect(await screen.findByRole('dialog', { name: limitDialogText(standing).title })).toHaveTextContent(
        limitDialogText(standing).body,
      )
    else expect(screen.queryByRole('dialog', { name: /limit|expired/i })).not.toBeInTheDocument()
    upload.unmount()

    // My Listings: the counter and, at the limit, the dialog that says why (expired only when it is).
    const listings = renderWithProviders(
      <MemoryRouter>
        <ListingsPage userId={account.id} onBlocked={() => {}} />
      </MemoryRouter>,
    )
    const counter = listedCounterText(standing)
    const add = await screen.findByRole('button', { name: /Add Listing/ })
    await waitFor(() => expect(add).toHaveAccessibleName(counter ? `Add Listing${counter}` : 'Add Listing'))
    await user.click(add)
    if (standing.limitReached) {
      const text = limitDialogText(standing)
      const dialog = await screen.findByRole('dialog', { name: text.title })
      expect(dialog).toHaveTextContent(text.body)
      expect(text.title === 'Your plan has expired').toBe(c.kind === 'expired')
    } else {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    }
    listings.unmount()

    // My Membership: price and limit of the plan held; the expired notice only when expired.
    const membership = renderWithProviders(
      <MemoryRouter>
        <MyMembershipPage userId={account.id} email={account.email} supportEmail="support@bookstrut.test" />
      </MemoryRouter>,
    )
    expect(await screen.findByTestId('current-plan-price')).toHaveTextContent(heldPriceText(standing))
    expect(screen.getByTestId('current-plan-limit')).toHaveTextContent(allowanceText(standing))
    if (c.kind === 'expired') expect(screen.getByRole('alert')).toHaveTextContent(expiredText(standing))
    else expect(screen.queryByText(/expired/)).not.toBeInTheDocument()
    if (c.kind === 'granted') expect(screen.getByTestId('current-plan-price')).not.toHaveTextContent(/^Free$/)

    // Payment dialog: the next plan up, billed yearly at 12 × its monthly price (none above Elite).
    const next = catalogue.find((p) => p.price > (c.kind === 'expired' ? 0 : standing.monthlyPrice))
    if (next) {
      const chooser = screen.getByRole('region', { name: 'Upgrade your plan' })
      await user.click(within(chooser).getByRole('radio', { name: next.name }))
      await user.click(within(chooser).getByRole('button', { name: 'Upgrade Now' }))
      const dialog = await screen.findByRole('dialog', { name: `Upgrade to ${next.name}` })
      await within(dialog).findByTestId('quote-amount')
      expect(dialog).toHaveTextContent(`12 months × ${formatUsd(next.price)} a month, billed yearly`)
    } else {
      expect(screen.queryByRole('region', { name: 'Upgrade your plan' })).not.toBeInTheDocument()
    }
    membership.unmount()
  })
})
