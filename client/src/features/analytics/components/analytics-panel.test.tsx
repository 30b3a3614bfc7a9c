import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  addAgreedIdeas,
  addBookWithClip,
  holdPlan,
  sendEvents,
  wantToRead,
  waitForCounts,
} from '@/test/analytics-fixtures'
import { createAccount, type Account } from '@/test/factories'
import { signInInBrowser } from '@/test/reader'
import { renderWithProviders } from '@/test/render'
import { makeServerUnreachable, pointJsdomAtApi, watchRequests } from '@/test/server'
import { AnalyticsPanel } from './analytics-panel'

// The panel against the real API (src/test/global-setup.ts): figures come from real events sent to
// POST /api/v1/events, stored by the ingest worker and read back through GET /lnsights and /lnsights/series.

/** Long enough for an event to be stored (a flush a second) and the open panel's next poll (4 s). */
const LIVE_WAIT = { timeout: 15_000 }

const IDEAS: [string, string, string] = [
  'a lighthouse keeper finds letters',
  'a storm cuts off the island',
  'an old debt is repaid',
]

let paid: Account
let free: Account

beforeAll(async () => {
  paid = await createAccount({ role: 'author' })
  await holdPlan(paid.id, 'Basic Strut')
  free = await createAccount({ role: 'author' })
})

afterEach(() => {
  // jsdom has no object URLs; the CSV test gives it one for the download.
  Reflect.deleteProperty(URL, 'createObjectURL')
  Reflect.deleteProperty(URL, 'revokeObjectURL')
})

function renderPanel(account: Account, bookId: string, title = 'The Lighthouse') {
  signInInBrowser(account)
  return renderWithProviders(
    <MemoryRouter>
      <AnalyticsPanel bookId={bookId} title={title} />
    </MemoryRouter>,
  )
}

/** The period total shown on a series card, by the card's name. */
const seriesTotal = (figure: string) =>
  within(screen.getByRole('figure', { name: figure })).getByTestId('series-total').textContent

/** The value shown for a count of the all-time grid, by its label. */
const count = (label: string) => {
  const term = screen.getAllByText(label, { selector: 'dt' })[0]
  return term?.nextElementSibling?.textContent ?? null
}

describe('the analytics panel on a paid plan', () => {
  it('shows the counted figures, Idea Hits, the series with their change and the funnel', async () => {
    const { bookId } = await addBookWithClip(paid.id, {
      title: 'The Lighthouse',
      ideas: IDEAS,
      clipSeconds: 300,
    })
    await sendEvents(bookId, [{ type: 'play' }, { type: 'listening', seconds: 300 }, { type: 'share' }])
    await sendEvents(bookId, [
      { type: 'play' },
      { type: 'listening', seconds: 300 },
      { type: 'purchase_click' },
      { type: 'description_click' },
    ])
    await sendEvents(bookId, [{ type: 'play' }, { type: 'listening', seconds: 300 }, { type: 'share' }])
    await wantToRead(bookId)
    await waitForCounts(
      paid.token,
      bookId,
      (d) => d.audioPlays === 3 && d.video_Shares === 2 && d.want_to_read === 1,
    )

    renderPanel(paid, bookId)
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument()
    expect(count('Audio plays')).toBe('3')
    // 3 × 300 s = 15 minutes
    expect(count('Listening time')).toBe('15 min')
    expect(count('Shares')).toBe('2')
    expect(count('Get This clicks')).toBe('1')
    expect(count('Description clicks')).toBe('1')
    expect(count('Views')).toBe('0')
    expect(count('Likes')).toBe('0')
    expect(count('Want to read')).toBe('1')
    expect(screen.queryByRole('link', { name: 'Upgrade your plan' })).not.toBeInTheDocument()

    // Idea Hits: the title's own ideas, underscores shown as spaces.
    const ideas = screen.getByRole('region', { name: 'Idea Hits' })
    for (const idea of IDEAS) expect(within(ideas).getByText(idea)).toBeInTheDocument()
    expect(ideas).not.toHaveTextContent('_')
    // "Found it": nobody said this was the book they meant, so no idea is listed (agreed ones only).
    const found = screen.getByRole('region', { name: 'Readers found your book with these ideas' })
    expect(found).toHaveTextContent('0 readers said “This is the book I meant” (0 ideas confirmed)')
    expect(within(found).getByText('No idea agreed on yet.')).toBeInTheDocument()

    // The week's series: nothing the week before, so each change reads "new"; nothing was listed in a search.
    const plays = await screen.findByRole('figure', { name: 'Plays over the last 7 days' })
    expect(seriesTotal('Plays over the last 7 days')).toBe('3')
    expect(within(plays).getByText('new: none in the 7 days before')).toBeInTheDocument()
    const impressions = screen.getByRole('figure', { name: 'Impressions over the last 7 days' })
    expect(within(impressions).getByText('unchanged on the 7 days before')).toBeInTheDocument()
    expect(seriesTotal('Listening time over the last 7 days')).toBe('15 min')

    // Funnel: 0 impressions → 3 plays → 1 Get This click (a third of the plays). Without impressions no bar
    // is drawn (a full Plays bar read as "every impression played") and a line says why.
    const funnel = screen.getByRole('region', { name: /Funnel/ })
    const steps = within(funnel).getAllByRole('listitem')
    expect(steps.map((s) => s.textContent)).toEqual([
      'Impressions0',
      'Plays3no impressions to compare with',
      'Get This clicks133% of plays',
    ])
    const bars = [...funnel.querySelectorAll<HTMLElement>('[data-testid="funnel-bar"]')].map(
      (b) => b.style.width,
    )
    expect(bars).toEqual(['0%', '0%', '0%'])
    expect(within(funnel).getByText(/^No impressions in this period/)).toBeInTheDocument()
  })

  it('lists the ideas readers agreed find the title, most readers first, with their readers', async () => {
    const { bookId } = await addBookWithClip(paid.id, { title: 'The Ferry', ideas: IDEAS })
    await addAgreedIdeas(bookId, [
      { idea: 'my aunt gave it to me on a rainy ferry crossing', readers: 3 },
      { idea: 'a lighthouse with letters in the wall', readers: 5 },
    ])
    renderPanel(paid, bookId, 'The Ferry')
    const found = await screen.findByRole('region', { name: 'Readers found your book with these ideas' })
    const terms = within(found).getAllByRole('term')
    expect(terms.map((t) => t.textContent)).toEqual([
      'a lighthouse with letters in the wall',
      'my aunt gave it to me on a rainy ferry crossing',
    ])
    expect(terms.map((t) => t.nextElementSibling?.textContent)).toEqual(['5', '3'])
    expect(within(found).queryByText('No idea agreed on yet.')).not.toBeInTheDocument()
  })

  it('shows a 13-second listen as 13 s, not as 0.00 hours', async () => {
    const { bookId } = await addBookWithClip(paid.id, { title: 'Short Listen', ideas: IDEAS })
    await sendEvents(bookId, [{ type: 'play' }, { type: 'listening', seconds: 13 }])
    await waitForCounts(paid.token, bookId, (d) => Number(d.total_Listening_Hours) > 0)
    renderPanel(paid, bookId, 'Short Listen')
    await screen.findByRole('heading', { name: 'Analytics' })
    expect(count('Listening time')).toBe('13 s')
    await waitFor(() => expect(seriesTotal('Listening time over the last 7 days')).toBe('13 s'))
  })

  it('brings in new events while open, and says when the figures were read', async () => {
    const { bookId } = await addBookWithClip(paid.id, { title: 'Live One', ideas: IDEAS })
    renderPanel(paid, bookId, 'Live One')
    await screen.findByRole('heading', { name: 'Analytics' })
    expect(count('Audio plays')).toBe('0')
    const live = screen.getByText('Live').closest('p')
    const firstRead = live?.querySelector('time')?.getAttribute('datetime')
    expect(firstRead).toBeTruthy()

    await sendEvents(bookId, [{ type: 'play' }, { type: 'purchase_click' }])
    await waitFor(() => expect(count('Audio plays')).toBe('1'), LIVE_WAIT)
    expect(count('Get This clicks')).toBe('1')
    const laterRead = live?.querySelector('time')?.getAttribute('datetime') ?? ''
    expect(Date.parse(laterRead)).toBeGreaterThan(Date.parse(firstRead ?? ''))
    await waitFor(() => expect(seriesTotal('Plays over the last 7 days')).toBe('1'), LIVE_WAIT)
  })

  it('switches the period with the keyboard and asks for that period', async () => {
    const { bookId } = await addBookWithClip(paid.id, { title: 'Periods', ideas: IDEAS })
    await sendEvents(bookId, [{ type: 'play' }])
    await waitForCounts(paid.token, bookId, (d) => d.audioPlays === 1)
    const sent = watchRequests()
    renderPanel(paid, bookId, 'Periods')
    const day = await screen.findByRole('button', { name: 'the last 24 hours' })
    expect(screen.getByRole('button', { name: 'the last 7 days' })).toHaveAttribute('aria-pressed', 'true')

    day.focus()
    await userEvent.keyboard('{Enter}')
    expect(day).toHaveAttribute('aria-pressed', 'true')
    expect(await screen.findByRole('figure', { name: 'Plays over the last 24 hours' })).toHaveTextContent('1')
    expect(screen.getByRole('heading', { name: 'Over the last 24 hours' })).toBeInTheDocument()
    const periods = sent.requests
      .filter((r) => r.path === '/lnsights/series')
      .map((r) => [r.query.get('podcastid'), r.query.get('period')])
    expect(periods).toContainEqual([bookId, '7d'])
    expect(periods).toContainEqual([bookId, '24h'])
  })

  it('exports the series shown as a CSV file named for the title and period', async () => {
    const { bookId } = await addBookWithClip(paid.id, { title: 'Export: Me!', ideas: IDEAS })
    await sendEvents(bookId, [{ type: 'play' }, { type: 'listening', seconds: 180 }])
    await waitForCounts(paid.token, bookId, (d) => d.audioPlays === 1)
    const blobs: Blob[] = []
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob)
        return 'blob:analytics-test'
      },
      revokeObjectURL: () => {},
    })
    const clicked: HTMLAnchorElement[] = []
    const click = (e: MouseEvent) => {
      if (e.target instanceof HTMLAnchorElement) {
        clicked.push(e.target)
        e.preventDefault()
      }
    }
    document.addEventListener('click', click, true)
    try {
      renderPanel(paid, bookId, 'Export: Me!')
      const button = await screen.findByRole('button', { name: 'Export CSV' })
      await waitFor(() => expect(button).toBeEnabled())
      await userEvent.click(button)
    } finally {
      document.removeEventListener('click', click, true)
    }
    const today = new Date().toISOString().slice(0, 10)
    expect(clicked[0]?.download).toBe(`bookstrut-export-me-7d-${today}.csv`)
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8')
    const lines = (await blobs[0]!.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe('bucket_start_utc,impressions,plays,listening_hours,want_to_read')
    // A week of days, zeros included; the play and its 3 minutes (0.05 h) in one of them.
    expect(lines).toHaveLength(1 + 7)
    const rows = lines.slice(1).map((l) => l.split(','))
    expect(rows.reduce((sum, r) => sum + Number(r[2]), 0)).toBe(1)
    expect(rows.reduce((sum, r) => sum + Number(r[3]), 0)).toBeCloseTo(0.05, 2)
  })
})

describe('the analytics panel on the free plan', () => {
  it('hides every value, likes included, as blurred dots, and points to an upgrade', async () => {
    const { bookId } = await addBookWithClip(free.id, { title: 'Free Title', ideas: IDEAS })
    await sendEvents(bookId, [{ type: 'play' }, { type: 'share' }])
    renderPanel(free, bookId, 'Free Title')
    expect(await screen.findByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/membership',
    )
    // Nothing there updates live: no "Live · updated" line.
    expect(screen.queryByText('Live')).toBeNull()
    expect(screen.queryByText(/^updated/)).toBeNull()
    for (const label of [
      'Views',
      'Audio plays',
      'Listening time',
      'Likes',
      'Want to read',
      'Shares',
      'Ghosted',
    ])
      expect(count(label)).toBe('••••')
    const grid = screen.getByText('Views', { selector: 'dt' }).closest('dl')
    const values = [...(grid?.querySelectorAll('dd') ?? [])].map((dd) => dd.textContent)
    expect(values).toEqual(Array(13).fill('••••'))
    expect(within(grid as HTMLElement).getAllByRole('img', { name: 'Hidden on the free plan' })).toHaveLength(
      13,
    )
    // The ideas are the author's own words; how often they matched is hidden.
    const ideas = screen.getByRole('region', { name: 'Idea Hits' })
    expect(within(ideas).getByText(IDEAS[0])).toBeInTheDocument()
    expect(ideas).not.toHaveTextContent(/\d/)
    // The series: totals hidden, nothing to export, no funnel numbers.
    const plays = await screen.findByRole('figure', { name: 'Plays over the last 7 days' })
    expect(plays).not.toHaveTextContent(/\d/)
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
    const funnel = within(screen.getByRole('region', { name: /Funnel/ })).getByRole('list')
    expect(funnel).not.toHaveTextContent(/\d/)
  })
})

describe('the analytics panel when it cannot show figures', () => {
  it("shows the server's refusal for another author's title", async () => {
    const other = await createAccount({ role: 'author' })
    const { bookId } = await addBookWithClip(other.id, { title: 'Not Mine', ideas: IDEAS })
    renderPanel(paid, bookId, 'Not Mine')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/\S/)
    expect(screen.queryByRole('heading', { name: 'Analytics' })).not.toBeInTheDocument()
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('says so when the server cannot be reached, and loads on Try again once it can', async () => {
    const { bookId } = await addBookWithClip(paid.id, { title: 'Offline', ideas: IDEAS })
    await makeServerUnreachable()
    renderPanel(paid, bookId, 'Offline')
    const alert = await screen.findByRole('alert', {}, LIVE_WAIT)
    expect(alert).toHaveTextContent('Unable to reach the server')

    // Back on the server's origin (whose storage holds its own session).
    pointJsdomAtApi()
    localStorage.setItem('token', paid.token)
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument()
    expect(count('Audio plays')).toBe('0')
  })
})
