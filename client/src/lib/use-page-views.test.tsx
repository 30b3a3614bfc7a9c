import { act, render, screen } from '@testing-library/react'
import { StrictMode, useState } from 'react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { watchRequests } from '@/test/server'
import { usePageViews } from './use-page-views'

/*
 * The page-view tracker (POST /page-view) as the app mounts it: in the root layout, under StrictMode (whose
 * double effects must not send twice), against the real API. jsdom has no requestIdleCallback, so a report goes
 * out 100 ms after a page opens.
 */

function Layout() {
  usePageViews()
  const [clicks, setClicks] = useState(0)
  return (
    <>
      {/* A re-render of the same page (state changing) is no new page view. */}
      <button type="button" onClick={() => setClicks((c) => c + 1)}>
        Clicked {clicks}
      </button>
      <Outlet />
    </>
  )
}

function openAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <Layout />, children: [{ path: '*', element: <p>page</p> }] }],
    { initialEntries: [path] },
  )
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
  return router
}

/** The paths of the page views sent so far, once every request has its answer. */
async function pageViewsSent(sent: ReturnType<typeof watchRequests>, waitMs = 400) {
  await act(() => new Promise((r) => setTimeout(r, waitMs)))
  await sent.settled()
  return sent.requests
    .filter((r) => r.path === '/page-view')
    .map((r) => {
      expect(r.method).toBe('POST')
      return (r.body as { path: string }).path
    })
}

describe('usePageViews', () => {
  it('sends one view for the first page and one for each new path, none for a re-render or a new query', async () => {
    const sent = watchRequests()
    const router = openAt('/faq')
    expect(await pageViewsSent(sent)).toEqual(['/faq'])

    await act(async () => screen.getByRole('button', { name: 'Clicked 0' }).click())
    await screen.findByRole('button', { name: 'Clicked 1' })
    await act(() => router.navigate('/faq?tab=2'))
    expect(await pageViewsSent(sent)).toEqual(['/faq'])

    await act(() => router.navigate('/topics'))
    expect(await pageViewsSent(sent)).toEqual(['/faq', '/topics'])
    // Each view has an id of its own (a resend of one counts once, two views count twice).
    const ids = sent.requests.filter((r) => r.path === '/page-view').map((r) => (r.body as { id: string }).id)
    expect(new Set(ids).size).toBe(2)
  })

  it('the API accepts the view it sends', async () => {
    const sent = watchRequests()
    openAt('/membership')
    expect(await pageViewsSent(sent)).toEqual(['/membership'])
    // watchRequests spies on fetch: its answers are the real server's.
    const fetchSpy = vi.mocked(globalThis.fetch)
    const index = sent.requests.findIndex((r) => r.path === '/page-view')
    const answer = (await fetchSpy.mock.results[index]?.value) as Response
    expect(answer.status).toBe(202)
  })

  it('sends nothing for a page left before the browser was idle, nor for a path the API would refuse', async () => {
    const sent = watchRequests()
    const router = openAt('/blog')
    // Left at once: its report never went out.
    await act(() => router.navigate('/a/b/c'))
    // Deeper than two segments: the API would refuse it, so it is not sent.
    expect(await pageViewsSent(sent)).toEqual([])
    await act(() => router.navigate('/blog'))
    expect(await pageViewsSent(sent)).toEqual(['/blog'])
  })
})
