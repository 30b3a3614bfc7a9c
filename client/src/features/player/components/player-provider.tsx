import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { PlayerContext, type PlayerApi, type PlayerStatus, type Track } from '@/lib/player'
import { useListeningTracker } from '../hooks/use-listening-tracker'
import { AudioPlayerBar } from './audio-player-bar'
import styles from './player-provider.module.css'

/** Spec reader-and-account section 8: the alert when the browser refuses to start playback. */
export const PLAYBACK_REFUSED_MESSAGE =
  'Audio playback requires user interaction. Please tap the play button to start.'
/** After a failed start the media is reloaded and given this long to become playable. */
export const RETRY_TIMEOUT_MS = 10_000
/** Media-session previous / next move by this much. */
export const SKIP_SECONDS = 10

const isNotAllowed = (error: unknown) => error instanceof DOMException && error.name === 'NotAllowedError'
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/** Reloads the media and resolves true on `canplay`, false after `timeoutMs` or on an error. */
export function reloadAndWait(audio: HTMLAudioElement, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer)
      audio.removeEventListener('canplay', onReady)
      audio.removeEventListener('error', onError)
      resolve(ready)
    }
    const onReady = () => done(true)
    const onError = () => done(false)
    const timer = setTimeout(() => done(false), timeoutMs)
    audio.addEventListener('canplay', onReady)
    audio.addEventListener('error', onError)
    audio.load()
  })
}

/**
 * The persistent player: one <audio> element for the whole app, a bottom bar that slides in, play/pause per
 * title and media-session controls (play, pause, previous −10 s, next +10 s). Plays and seconds listened are
 * reported by useListeningTracker.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null)
  const [track, setTrack] = useState<Track | null>(null)
  const [status, setStatus] = useState<PlayerStatus>('idle')
  const [visible, setVisible] = useState(false)
  /** Each start gets a number; an answer for an older start is ignored. */
  const attempt = useRef(0)
  const { ended: reportEnded, flush: reportListening } = useListeningTracker(track, status === 'playing')

  const start = useCallback(async () => {
    const audio = audioRef.current
    if (!audio) return
    const id = ++attempt.current
    setStatus('loading')
    try {
      await audio.play()
      return
    } catch (error) {
      if (id !== attempt.current || isAbort(error)) return
      if (isNotAllowed(error)) {
        setStatus('paused')
        window.alert(PLAYBACK_REFUSED_MESSAGE)
        return
      }
    }
    // Any other refusal (media not ready, a network hiccup): reload, wait for canplay, try once more.
    const ready = await reloadAndWait(audio, RETRY_TIMEOUT_MS)
    if (id !== attempt.current) return
    if (!ready) {
      setStatus('paused')
      return
    }
    try {
      await audio.play()
    } catch (error) {
      if (id !== attempt.current) return
      setStatus('paused')
      if (isNotAllowed(error)) window.alert(PLAYBACK_REFUSED_MESSAGE)
    }
  }, [])

  const pause = useCallback(() => {
    attempt.current++
    audioRef.current?.pause()
    setStatus('paused')
  }, [])

  const play = useCallback(() => {
    if (audioRef.current?.src) void start()
  }, [start])

  const seekTo = useCallback((seconds: number) => {
    const audio = audioRef.current
    if (!audio) return
    const end = Number.isFinite(audio.duration) ? audio.duration : Infinity
    audio.currentTime = Math.min(Math.max(0, seconds), end)
  }, [])

  const seekBy = useCallback(
    (seconds: number) => seekTo((audioRef.current?.currentTime ?? 0) + seconds),
    [seekTo],
  )

  const stop = useCallback(() => {
    attempt.current++
    // Closing the player ends the listening: report it now rather than at the next book.
    reportListening()
    const audio = audioRef.current
    if (audio) {
      audio.pause()
      audio.currentTime = 0
    }
    setStatus('paused')
    setVisible(false)
  }, [reportListening])

  const toggle = useCallback(
    (next: Track) => {
      const audio = audioRef.current
      if (!audio) return
      setVisible(true)
      if (track?.bookId === next.bookId && track.src === next.src) {
        if (status === 'playing' || status === 'loading') pause()
        else void start()
        return
      }
      setTrack(next)
      audio.src = next.src
      audio.currentTime = 0
      void start()
    },
    [track, status, pause, start],
  )

  // Media session: what the lock screen and hardware keys show and control.
  useEffect(() => {
    if (!('mediaSession' in navigator) || !track) return
    const session = navigator.mediaSession
    if (typeof MediaMetadata !== 'undefined') {
      session.metadata = new MediaMetadata({
        title: track.title,
        artist: track.author,
        album: 'BookStrut podblurb',
        artwork: track.coverUrl ? [{ src: new URL(track.coverUrl, window.location.origin).toString() }] : [],
      })
    }
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => play()],
      ['pause', () => pause()],
      ['previoustrack', () => seekBy(-SKIP_SECONDS)],
      ['nexttrack', () => seekBy(SKIP_SECONDS)],
      ['seekbackward', () => seekBy(-SKIP_SECONDS)],
      ['seekforward', () => seekBy(SKIP_SECONDS)],
    ]
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler)
      } catch {
        // An action this browser does not know.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null)
        } catch {
          // As above.
        }
      }
    }
  }, [track, play, pause, seekBy])

  useEffect(() => {
    if ('mediaSession' in navigator && track)
      navigator.mediaSession.playbackState = status === 'playing' ? 'playing' : 'paused'
  }, [status, track])

  const api = useMemo<PlayerApi>(
    () => ({ track, status, toggle, play, pause, seekBy, seekTo, stop }),
    [track, status, toggle, play, pause, seekBy, seekTo, stop],
  )

  return (
    <PlayerContext value={api}>
      {children}
      {visible && <div className={styles['player-spacer']} aria-hidden="true" />}
      <audio
        ref={audioRef}
        preload="none"
        data-player="podblurb"
        onPlaying={() => setStatus('playing')}
        onWaiting={() => setStatus((s) => (s === 'playing' ? 'loading' : s))}
        onPause={() => setStatus((s) => (s === 'loading' ? s : 'paused'))}
        onEnded={(e) => {
          // The track ended: the player stops (position back to the start) and reports the play and listening.
          e.currentTarget.currentTime = 0
          setStatus('paused')
          reportEnded()
        }}
      />
      <AudioPlayerBar api={api} audioRef={audioRef} visible={visible} />
    </PlayerContext>
  )
}
