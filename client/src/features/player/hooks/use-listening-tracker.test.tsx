import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { usePlayer, type Track } from '@/lib/player'
import { addBook, addEpisode, createAccount, type Account } from '@/test/factories'
import { closeEventQueue, countByType, queuedEvents, waitForEvents } from '@/test/events'
import { PlayerProvider } from '../components/player-provider'

/*
 * The player's reports on the real API (src/test/global-setup.ts), read back from its ingest queue. jsdom has no
 * media playback: HTMLMediaElement.play is the browser boundary, answered as Chromium does (a `playing` event).
 * The one-second listening clock is faked (setInterval only), so a minute of listening takes no minute; every
 * report still goes over the network to the server.
 */

let owner: Account
beforeAll(async () => {
  owner = await createAccount({ role: 'author' })
})
afterAll(closeEventQueue)
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

let clips = 0
async function trackOf(duration: number): Promise<Track> {
  const title = `Clip ${++clips} of ${duration} s`
  const bookId = await addBook(owner.id, { title })
  const episodeId = await addEpisode(bookId, { duration })
  return { bookId, episodeId, title, author: 'A', coverUrl: null, src: `/x/${bookId}.mp3` }
}

const audio = () => document.querySelector('audio[data-player]') as HTMLAudioElement

function Buttons({ tracks }: { tracks: Track[] }) {
  const player = usePlayer()
  return (
    <>
      {tracks.map((t) => (
        <button key={t.bookId} type="button" onClick={() => player.toggle(t)}>
          {t.title}
        </button>
      ))}
      <output aria-label="status">{player.status}</output>
    </>
  )
}

function setup(tracks: Track[]) {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    queueMicrotask(() => this.dispatchEvent(new Event('playing')))
    return Promise.resolve()
  })
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'))
  })
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  render(
    <MemoryRouter>
      <PlayerProvider>
        <Buttons tracks={tracks} />
      </PlayerProvider>
    </MemoryRouter>,
  )
}

/** Starts a title and waits until the player shows it playing. */
async function play(track: Track) {
  fireEvent.click(screen.getByRole('button', { name: track.title }))
  await screen.findByText('playing')
  // The status shows before React runs the effects of that render, among them the one that starts counting
  // seconds: flush them, or the seconds a test lets pass next would go by with no counter (seen on a loaded CI).
  await act(async () => {})
}

/** `seconds` of listening go by. */
const listen = (seconds: number) => act(() => vi.advanceTimersByTime(seconds * 1000))

describe('what the player reports', () => {
  it('counts seconds in musicDuration and reports one play at 60 s; switching titles reports the listening', async () => {
    const long = await trackOf(120)
    const other = await trackOf(120)
    setup([long, other])
    await play(long)
    await listen(59)
    expect(JSON.parse(localStorage.getItem('musicDuration') ?? 'null')).toEqual({
      playingId: long.bookId,
      episodeId: long.episodeId,
      duration: 59,
    })
    expect(await queuedEvents(long.bookId)).toEqual([])

    await listen(1)
    await waitForEvents(long.bookId, (e) => e.length === 1)
    await listen(20)
    await play(other)
    const events = await waitForEvents(long.bookId, (e) => e.length === 2)
    expect(countByType(events)).toEqual({ play: 1, listening: 1 })
    expect(events.find((e) => e.type === 'listening')?.listening?.seconds).toBe(80)
    // The new title starts from nothing.
    expect(localStorage.getItem('musicDuration')).toBeNull()
  })

  it('a clip shorter than 60 s: its play and its listening are reported when it ends', async () => {
    const short = await trackOf(10)
    setup([short])
    await play(short)
    await listen(10)
    expect(await queuedEvents(short.bookId)).toEqual([])
    act(() => {
      audio().dispatchEvent(new Event('ended'))
    })
    const events = await waitForEvents(short.bookId, (e) => e.length === 2)
    expect(countByType(events)).toEqual({ play: 1, listening: 1 })
    expect(events.find((e) => e.type === 'listening')?.listening?.seconds).toBe(10)
    expect(screen.getByLabelText('status')).toHaveTextContent('paused')
  })

  it('pausing stops the count; leaving the page reports what was heard, once', async () => {
    const clip = await trackOf(120)
    setup([clip])
    await play(clip)
    await listen(7)
    fireEvent.click(screen.getByRole('button', { name: clip.title }))
    await screen.findByText('paused')
    await listen(30)
    act(() => {
      window.dispatchEvent(new Event('pagehide'))
      window.dispatchEvent(new Event('pagehide'))
    })
    const events = await waitForEvents(clip.bookId, (e) => e.length >= 1)
    expect(events.map((e) => [e.type, e.listening?.seconds])).toEqual([['listening', 7]])
    expect(localStorage.getItem('musicDuration')).toBeNull()
  })

  it('seconds a closed page left in musicDuration are reported at the next start', async () => {
    const clip = await trackOf(60)
    localStorage.setItem(
      'musicDuration',
      JSON.stringify({ playingId: clip.bookId, episodeId: clip.episodeId, duration: 25 }),
    )
    setup([])
    const events = await waitForEvents(clip.bookId, (e) => e.length >= 1)
    expect(events.map((e) => [e.type, e.listening?.seconds])).toEqual([['listening', 25]])
    expect(localStorage.getItem('musicDuration')).toBeNull()
  })
})
