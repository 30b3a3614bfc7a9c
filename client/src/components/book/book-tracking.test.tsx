import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Podcast } from '@bookstrut/schemas'
import { addBook, addEpisode, createAccount, type Account } from '@/test/factories'
import { closeEventQueue, queuedEvents, waitForEvents } from '@/test/events'
import { renderRoutes } from '@/test/render'
import { callApi } from '@/test/server'
import { BookCard } from './book-card'
import { ShareButton } from './share-button'

// The title card's reports on the real API (src/test/global-setup.ts), read back from its ingest queue. The
// device share sheet is the browser's (jsdom has none): a stand-in answers as Chromium's does.

let owner: Account
beforeAll(async () => {
  owner = await createAccount({ role: 'author' })
})
afterAll(closeEventQueue)
/** The device share sheet, answering as Chromium's does. */
function deviceShare(answer: () => Promise<void>) {
  const share = vi.fn(answer)
  Object.defineProperty(navigator, 'share', { value: share, configurable: true })
  return share
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'share')
})

async function listedBook(): Promise<Podcast> {
  const podcastId = await addBook(owner.id, {
    title: 'A card to click',
    description: 'What the book is about.',
  })
  await addEpisode(podcastId, { duration: 75 })
  const res = await callApi(`/get/Single/Podcast?PodcastId=${podcastId}`)
  return { ...(res.body.data as Podcast), get_this_url: 'https://shop.example.com/book' }
}

function renderCard(podcast: Podcast) {
  renderRoutes(
    [
      { path: '/', element: <BookCard book={podcast} /> },
      { path: '/author-profile/:id', element: <h1>Author</h1> },
      { path: '/single-book/:id', element: <h1>Book page</h1> },
    ],
    '/',
  )
  return userEvent.setup()
}

describe('what a title card reports', () => {
  it('Get This is a purchase click; the author shortcut is a profile click', async () => {
    const podcast = await listedBook()
    const user = renderCard(podcast)
    const getThis = screen.getByRole('link', { name: /^Get This:/ })
    // The shop opens in a new tab; this tab stays (jsdom cannot open one).
    getThis.addEventListener('click', (e) => e.preventDefault())
    await user.click(getThis)
    await user.click(screen.getByRole('link', { name: /^Author profile of/ }))
    expect(await screen.findByRole('heading', { name: 'Author' })).toBeInTheDocument()
    const events = await waitForEvents(podcast._id, (e) => e.length === 2)
    expect(events.map((e) => [e.type, e.episodeId]).sort()).toEqual([
      ['profile_click', podcast.episodes[0]?._id],
      ['purchase_click', podcast.episodes[0]?._id],
    ])
  })

  it('a click on the title (its description) counts once per browser; hovering is no click', async () => {
    const podcast = await listedBook()
    const user = renderCard(podcast)
    const titleLink = screen.getByRole('link', { name: 'A card to click' })
    await user.hover(titleLink)
    // Stay on the card: the link's own navigation is not what is under test.
    titleLink.addEventListener('click', (e) => e.preventDefault())
    await user.click(titleLink)
    await user.click(titleLink)
    await waitForEvents(podcast._id, (e) => e.length >= 1)
    // Both clicks were handled before the first report left: one event, not two.
    expect((await queuedEvents(podcast._id)).map((e) => e.type)).toEqual(['description_click'])
    expect(localStorage.getItem('descriptionClickedBooks')).toContain(podcast._id)
  })

  it('a share through the device share sheet is counted', async () => {
    const podcast = await listedBook()
    const share = deviceShare(() => Promise.resolve())
    const user = renderCard(podcast)
    await user.click(screen.getByRole('button', { name: 'Share A card to click' }))
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'A card to click' }))
    const events = await waitForEvents(podcast._id, (e) => e.length >= 1)
    expect(events.map((e) => e.type)).toEqual(['share'])
  })

  it('a closed share sheet is no share', async () => {
    const podcast = await listedBook()
    const share = deviceShare(() => Promise.reject(new DOMException('closed', 'AbortError')))
    const user = renderCard(podcast)
    await user.click(screen.getByRole('button', { name: 'Share A card to click' }))
    expect(share).toHaveBeenCalled()
    // A later click on another button lands after it: when that is counted, the share would have been too.
    await user.click(screen.getByRole('link', { name: /^Author profile of/ }))
    const events = await waitForEvents(podcast._id, (e) => e.length >= 1)
    expect(events.map((e) => e.type)).toEqual(['profile_click'])
  })

  it('a copied link is counted as a share (no share sheet)', async () => {
    const podcast = await listedBook()
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <ShareButton
              bookId={podcast._id}
              episodeId={podcast.episodes[0]?._id}
              title={podcast.title}
              text="x"
              fallback="copy"
            />
          ),
        },
      ],
      '/',
    )
    // user-event gives jsdom a clipboard, as a browser has one.
    await userEvent.setup().click(screen.getByRole('button', { name: `Share ${podcast.title}` }))
    expect(await navigator.clipboard.readText()).toContain(`/single-book/${podcast._id}`)
    expect(await screen.findByText('Link copied to the clipboard.')).toBeInTheDocument()
    const events = await waitForEvents(podcast._id, (e) => e.length >= 1)
    expect(events.map((e) => [e.type, e.episodeId])).toEqual([['share', podcast.episodes[0]?._id]])
  })
})
