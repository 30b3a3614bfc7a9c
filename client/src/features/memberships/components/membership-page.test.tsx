import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PAYMENT_NOT_CONFIGURED_MESSAGE } from '@bookstrut/schemas'
import { addBooks, createAccount } from '@/test/factories'
import { holdPlan } from '@/test/analytics-fixtures'
import { signInInBrowser } from '@/test/reader'
import { renderWithProviders } from '@/test/render'
import { makeServerUnreachable } from '@/test/server'
import { MemoryRouter } from 'react-router-dom'
import { MembershipPage } from './membership-page'

// The membership page on the real API (src/test/global-setup.ts), which runs without Stripe configured.

function renderPage(email = '') {
  const onLoginFirst = vi.fn()
  const user = userEvent.setup()
  renderWithProviders(
    <MemoryRouter>
      <MembershipPage email={email} supportEmail={SUPPORT} onLoginFirst={onLoginFirst} />
    </MemoryRouter>,
  )
  return { onLoginFirst, user }
}

const SUPPORT = 'support@bookstrut.test'

const planRadio = (name: RegExp) => screen.getByRole('radio', { name })

describe('Membership page', () => {
  it('shows the breadcrumb, banner, the five plans with Pro as Most Popular, steps and the comparison table', async () => {
    renderPage()
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home›Membership')
    expect(
      screen.getByRole('heading', { name: 'Choose Your Plan & Strut Your Titles to the World!' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading plans…' })).toBeInTheDocument()
    const group = await screen.findByRole('radiogroup', { name: 'Plans' })
    const names = within(group)
      .getAllByRole('radio')
      .map((r) => r.getAttribute('aria-label'))
    expect(names).toEqual(['Starter Strut', 'Essential Strut', 'Basic Strut', 'Pro Strut', 'Elite Strut'])
    expect(within(planRadio(/^Pro Strut$/).closest('label')!).getByText('Most Popular')).toBeInTheDocument()
    expect(within(group).getByText('$15.99 mo.')).toBeInTheDocument()
    // Billed yearly, with the yearly total, on every paid card and in the table, before anything is clicked.
    expect(screen.getByText(/Paid plans are billed yearly/)).toBeInTheDocument()
    for (const [plan, total] of [
      [/^Essential Strut$/, '$71.88'],
      [/^Basic Strut$/, '$119.88'],
      [/^Pro Strut$/, '$191.88'],
      [/^Elite Strut$/, '$299.88'],
    ] as const)
      expect(planRadio(plan).closest('label')).toHaveTextContent(`Billed yearly: ${total} a year`)
    expect(planRadio(/^Starter Strut$/).closest('label')).not.toHaveTextContent(/Billed yearly/)
    expect(screen.getByRole('heading', { name: 'How to choose your plan' })).toBeInTheDocument()
    const table = screen.getByRole('table')
    expect(within(table).getByRole('rowheader', { name: /Elite Strut/ })).toBeInTheDocument()
    expect(within(table).getByText('Unlimited')).toBeInTheDocument()
  })

  it('asks an anonymous visitor to log in first: the button and choosing a plan open the sign-up dialog', async () => {
    const { onLoginFirst, user } = renderPage()
    const button = await screen.findByRole('button', { name: 'Please login first' })
    await user.click(button)
    expect(onLoginFirst).toHaveBeenCalledTimes(1)
    await user.click(planRadio(/^Basic Strut$/))
    expect(onLoginFirst).toHaveBeenCalledTimes(2)
    expect(planRadio(/^Basic Strut$/)).not.toBeChecked()
  })

  it('shows readers the plans without any Upgrade button', async () => {
    signInInBrowser(await createAccount({ role: 'reader' }))
    renderPage()
    await screen.findByRole('radiogroup', { name: 'Plans' })
    expect(screen.queryByRole('button', { name: /Upgrade Now|Please login first/ })).not.toBeInTheDocument()
  })

  it('greys out the current and lower plans; Upgrade is disabled until a higher plan is chosen', async () => {
    const author = await createAccount({ role: 'author' })
    await holdPlan(author.id, 'Essential Strut')
    await addBooks(author.id, 2)
    signInInBrowser(author)
    const { user } = renderPage(author.email)
    const upgrade = await screen.findByRole('button', { name: 'Upgrade Now' })
    expect(planRadio(/^Essential Strut$/)).toBeChecked()
    expect(planRadio(/^Starter Strut$/)).toBeDisabled()
    expect(planRadio(/^Essential Strut$/)).toBeDisabled()
    expect(planRadio(/^Basic Strut$/)).toBeEnabled()
    expect(upgrade).toBeDisabled()
    await user.click(planRadio(/^Pro Strut$/))
    expect(upgrade).toBeEnabled()
  })

  it('keeps Upgrade disabled on the membership page while a paid plan has room (reading (a))', async () => {
    const author = await createAccount({ role: 'author' })
    await holdPlan(author.id, 'Pro Strut')
    await addBooks(author.id, 2)
    signInInBrowser(author)
    const { user } = renderPage(author.email)
    const upgrade = await screen.findByRole('button', { name: 'Upgrade Now' })
    await user.click(planRadio(/^Elite Strut$/))
    expect(upgrade).toBeDisabled()
    expect(screen.getByRole('link', { name: 'My Membership' })).toHaveAttribute('href', '/profile-membership')
  })

  it('shows the error state when the plans cannot be fetched', async () => {
    await makeServerUnreachable()
    renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch memberships')
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument()
  })

  it("shows the server's yearly price; without a payment system says so once, asks for nothing and offers support by e-mail", async () => {
    const author = await createAccount({ role: 'author' })
    signInInBrowser(author)
    const { user } = renderPage(author.email)
    await user.click(await screen.findByRole('radio', { name: /^Pro Strut$/ }))
    await user.click(screen.getByRole('button', { name: 'Upgrade Now' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro Strut' })
    expect(await within(dialog).findByTestId('quote-amount')).toHaveTextContent('$191.88')
    expect(dialog).toHaveTextContent('12 months × $15.99 a month, billed yearly')
    expect(await within(dialog).findByText(PAYMENT_NOT_CONFIGURED_MESSAGE)).toBeInTheDocument()
    expect(within(dialog).getAllByText(PAYMENT_NOT_CONFIGURED_MESSAGE)).toHaveLength(1)
    // Nothing to fill in and nothing to press that could not work.
    expect(within(dialog).queryByLabelText('Cardholder name')).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument()
    // A way that works: an e-mail to the support address, naming the plan.
    const mail = within(dialog).getByRole('link', { name: 'Email support' })
    expect(mail.getAttribute('href')).toMatch(
      /^mailto:support@bookstrut\.test\?subject=Upgrade%20to%20Pro%20Strut&/,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
