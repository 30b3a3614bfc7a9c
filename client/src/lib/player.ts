import { createContext, useContext } from 'react'
import type { Book } from '@/api/book'

/** What the persistent bottom player plays: a book's first podblurb. */
export interface Track {
  bookId: string
  episodeId: string
  title: string
  author: string
  coverUrl: string | null
  src: string
}

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused'

export interface PlayerApi {
  track: Track | null
  status: PlayerStatus
  /** Play this track, or pause it when it is the one playing (play/pause per book). */
  toggle: (track: Track) => void
  play: () => void
  pause: () => void
  /** Moves the position by `seconds` (media-session previous/next: −10 s / +10 s). */
  seekBy: (seconds: number) => void
  seekTo: (seconds: number) => void
  /** Stop: position back to 0, paused, player hidden. */
  stop: () => void
}

/** Provided by the player feature, mounted once in the root layout. */
export const PlayerContext = createContext<PlayerApi | null>(null)

/** The player; outside its provider (tests, isolated components) play buttons do nothing. */
export function usePlayer(): PlayerApi {
  return useContext(PlayerContext) ?? noPlayer
}

const noPlayer: PlayerApi = {
  track: null,
  status: 'idle',
  toggle: () => undefined,
  play: () => undefined,
  pause: () => undefined,
  seekBy: () => undefined,
  seekTo: () => undefined,
  stop: () => undefined,
}

/** The track of a book's first podblurb, or null when it has no audio. */
export function trackOf(book: Book): Track | null {
  const episode = book.episodes[0]
  if (!episode?.fileUrl) return null
  return {
    bookId: book._id,
    episodeId: episode._id,
    title: book.title,
    author: book.author,
    coverUrl: book.bookCoverImage,
    src: episode.fileUrl,
  }
}

/** Whether the player is busy with this book right now (its button shows Pause). */
export function isPlayingBook(player: PlayerApi, bookId: string): boolean {
  return player.track?.bookId === bookId && (player.status === 'playing' || player.status === 'loading')
}
