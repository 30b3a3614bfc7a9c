import { useCallback, useEffect, useRef } from 'react'
import type { Track } from '@/lib/player'
import { readItem, removeItems, StorageKeys, writeItem } from '@/lib/storage'
import { PLAY_THRESHOLD_SECONDS, trackListening, trackPlay, type TrackTarget } from '@/lib/tracking'

/** The spec's musicDuration: the book playing, its podblurb, and the seconds listened not yet reported. */
export interface MusicDuration {
  playingId: string
  episodeId: string
  duration: number
}

export function readMusicDuration(): MusicDuration | null {
  const raw = readItem(StorageKeys.musicDuration)
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<MusicDuration> | null
    if (
      typeof value?.playingId === 'string' &&
      typeof value.episodeId === 'string' &&
      typeof value.duration === 'number' &&
      Number.isFinite(value.duration)
    )
      return { playingId: value.playingId, episodeId: value.episodeId, duration: value.duration }
  } catch {
    // A value some other version wrote: dropped below.
  }
  return null
}

function storeMusicDuration(value: MusicDuration): void {
  try {
    writeItem(StorageKeys.musicDuration, JSON.stringify(value))
  } catch {
    // Storage full or unavailable: the seconds are still reported from memory.
  }
}

/** What is known of the book in the player since it was loaded. */
interface Session {
  target: TrackTarget & { episodeId: string }
  /** seconds listened since the last listening report */
  unreported: number
  /** seconds listened since the book was loaded (or last ended): the play threshold counts these */
  listened: number
  playReported: boolean
}

/**
 * The player's reports (spec reader-and-account section 4, "Player"), one rule each:
 * - seconds listened are counted every second while the audio plays, and kept in musicDuration;
 * - a play is reported once at 60 s listened, or at the end of a shorter clip (once per listen: a replay after the
 *   end is a new play);
 * - listening (the seconds not yet reported) is reported when another book starts, when the clip ends, when the
 *   player is closed and when the page is hidden or left (fetch keepalive, so it is not lost); seconds a closed
 *   page could not report are found in musicDuration at the next start and reported then.
 */
export function useListeningTracker(track: Track | null, playing: boolean) {
  const session = useRef<Session | null>(null)

  /** Reports the seconds not yet reported, once: the counter is cleared before the call goes out. */
  const flush = useCallback(() => {
    const s = session.current
    if (!s || s.unreported <= 0) return
    const seconds = s.unreported
    s.unreported = 0
    removeItems([StorageKeys.musicDuration])
    void trackListening(s.target, seconds)
  }, [])

  // Seconds a page closed without reporting (a crash, a killed tab): reported once, at the next start.
  useEffect(() => {
    const left = readMusicDuration()
    removeItems([StorageKeys.musicDuration])
    if (left && left.duration > 0)
      void trackListening({ bookId: left.playingId, episodeId: left.episodeId }, left.duration)
  }, [])

  // A new book in the player: the previous one's listening goes first (the cleanup runs before the new session).
  const bookId = track?.bookId
  const episodeId = track?.episodeId
  useEffect(() => {
    if (!bookId || !episodeId) return
    session.current = { target: { bookId, episodeId }, unreported: 0, listened: 0, playReported: false }
    return flush
  }, [bookId, episodeId, flush])

  useEffect(() => {
    if (!playing) return
    const timer = setInterval(() => {
      const s = session.current
      if (!s) return
      s.unreported += 1
      s.listened += 1
      storeMusicDuration({
        playingId: s.target.bookId,
        episodeId: s.target.episodeId,
        duration: s.unreported,
      })
      if (!s.playReported && s.listened >= PLAY_THRESHOLD_SECONDS) {
        s.playReported = true
        void trackPlay(s.target)
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [playing])

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    // One abort removes both listeners.
    const listening = new AbortController()
    window.addEventListener('pagehide', flush, { signal: listening.signal })
    document.addEventListener('visibilitychange', onHidden, { signal: listening.signal })
    return () => listening.abort()
  }, [flush])

  /** The clip ended: its play (when not yet reported and something was heard) and its listening. */
  const ended = useCallback(() => {
    const s = session.current
    if (!s) return
    if (!s.playReported && s.listened > 0) void trackPlay(s.target)
    flush()
    s.listened = 0
    s.playReported = false
  }, [flush])

  return { ended, flush }
}
