import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { usePlayer, type Track } from '@/lib/player'
import { PLAYBACK_REFUSED_MESSAGE, PlayerProvider, RETRY_TIMEOUT_MS } from './player-provider'

/*
 * jsdom has no media playback: HTMLMediaElement.play/load are the browser boundary, replaced here by
 * stand-ins that answer like Chromium does. Our own player code runs for real.
 */

const track = (id: string): Track => ({
  bookId: id,
  episodeId: `e-${id}`,
  title: `Book ${id}`,
  author: 'Maya Okafor',
  coverUrl: null,
  src: `/media/audio/${id}.mp3`,
})

function Buttons() {
  const player = usePlayer()
  return (
    <>
      <button type="button" onClick={() => player.toggle(track('a'))}>
        toggle a
      </button>
      <button type="button" onClick={() => player.toggle(track('b'))}>
        toggle b
      </button>
      <output aria-label="status">{player.status}</output>
    </>
  )
}

const audio = () => document.querySelector('audio[data-player]') as HTMLAudioElement
/** The player bar, shown or not (hidden from everyone while closed). */
const bar = () => document.querySelector('section[aria-label="Audio player"]')

function setup() {
  render(
    <MemoryRouter>
      <PlayerProvider>
        <Buttons />
      </PlayerProvider>
    </MemoryRouter>,
  )
  return userEvent.setup()
}

const playing = () => {
  const el = audio()
  el.dispatchEvent(new Event('playing'))
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('persistent player', () => {
  it('plays a title, slides in, and the same button pauses it (play/pause per title)', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      queueMicrotask(playing)
      return Promise.resolve()
    })
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {})
    const user = setup()
    expect(bar()).toHaveAttribute('aria-hidden', 'true')

    await user.click(screen.getByRole('button', { name: 'toggle a' }))
    expect(play).toHaveBeenCalledTimes(1)
    expect(audio().src).toMatch(/\/media\/audio\/a\.mp3$/)
    expect(screen.getByLabelText('status')).toHaveTextContent('playing')
    expect(screen.getByRole('region', { name: 'Audio player' })).toHaveAttribute('aria-hidden', 'false')
    expect(screen.getByText('Book a')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'toggle a' }))
    expect(pause).toHaveBeenCalled()
    expect(screen.getByLabelText('status')).toHaveTextContent('paused')

    await user.click(screen.getByRole('button', { name: 'toggle b' }))
    expect(audio().src).toMatch(/\/media\/audio\/b\.mp3$/)
    expect(screen.getByText('Book b')).toBeInTheDocument()
  })

  it('shows the spec alert when the browser refuses playback (NotAllowedError)', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(
      new DOMException('play() needs a user gesture', 'NotAllowedError'),
    )
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
    const user = setup()
    await user.click(screen.getByRole('button', { name: 'toggle a' }))
    expect(alert).toHaveBeenCalledWith(PLAYBACK_REFUSED_MESSAGE)
    expect(screen.getByLabelText('status')).toHaveTextContent('paused')
  })

  it('after another refusal it reloads, waits for canplay and plays', async () => {
    let calls = 0
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => {
      calls++
      if (calls === 1) return Promise.reject(new DOMException('not ready', 'NotSupportedError'))
      queueMicrotask(playing)
      return Promise.resolve()
    })
    const load = vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      setTimeout(() => this.dispatchEvent(new Event('canplay')), 50)
    })
    const user = setup()
    await user.click(screen.getByRole('button', { name: 'toggle a' }))
    await vi.waitFor(() => expect(screen.getByLabelText('status')).toHaveTextContent('playing'))
    expect(load).toHaveBeenCalledTimes(1)
    expect(calls).toBe(2)
  })

  it('gives up and shows paused when the media is not playable within 10 s', async () => {
    vi.useFakeTimers()
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('x', 'NotSupportedError'))
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {})
    setup()
    fireEvent.click(screen.getByRole('button', { name: 'toggle a' }))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(screen.getByLabelText('status')).toHaveTextContent('loading')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RETRY_TIMEOUT_MS - 100)
    })
    expect(screen.getByLabelText('status')).toHaveTextContent('loading')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200)
    })
    expect(screen.getByLabelText('status')).toHaveTextContent('paused')
  })

  it('the bar moves 10 s back and forward and closes (stop: position 0, hidden)', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => {
      queueMicrotask(playing)
      return Promise.resolve()
    })
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {})
    const user = setup()
    await user.click(screen.getByRole('button', { name: 'toggle a' }))
    const el = audio()
    Object.defineProperty(el, 'duration', { configurable: true, value: 120 })
    el.currentTime = 30
    await user.click(screen.getByRole('button', { name: 'Forward 10 seconds' }))
    expect(el.currentTime).toBe(40)
    await user.click(screen.getByRole('button', { name: 'Back 10 seconds' }))
    await user.click(screen.getByRole('button', { name: 'Back 10 seconds' }))
    expect(el.currentTime).toBe(20)
    await user.click(screen.getByRole('button', { name: 'Close player' }))
    expect(el.currentTime).toBe(0)
    expect(bar()).toHaveAttribute('aria-hidden', 'true')
  })
})
