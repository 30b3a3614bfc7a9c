import { AcceptedEvents, ViewedPagePath } from '@bookstrut/schemas'
import { apiRequest } from './api-client'
import { readItem, StorageKeys, writeItem } from './storage'

/*
 * What readers do with a book, reported to the API (spec reader-and-account sections 4 and 7). The rules of
 * when (a play at 60 s or at the end, listening on switch, end and page hide) live in the player; this module only
 * sends. Tracking never gets in the reader's way: a failed report is dropped (logged), never shown.
 *
 * Who: the stored token when signed in; else the server itself makes the visitor's anonymous identity from the
 * request (docs/analytics.md): the browser keeps and sends no id of its own.
 */

/** The book (and podblurb) an event is about. */
export interface TrackTarget {
  bookId: string
  /** The first podblurb; the server takes the book's first when left out. */
  episodeId?: string | undefined
}

/** The book and its first podblurb (the one the views show and the player plays). */
export const trackTargetOf = (book: { _id: string; episodes: readonly { _id: string }[] }): TrackTarget => ({
  bookId: book._id,
  episodeId: book.episodes[0]?._id,
})

/** A play is reported once this much has been listened to (or at the end of a shorter clip). */
export const PLAY_THRESHOLD_SECONDS = 60

const bodyOf = ({ bookId, episodeId }: TrackTarget) =>
  episodeId ? { podcastId: bookId, episodeId } : { podcastId: bookId }

/**
 * Sends one report; resolves true when the API accepted it. `keepalive` lets it finish after the page is gone
 * (fetch keepalive rather than sendBeacon: a beacon cannot carry the token header).
 */
async function report(
  path: string,
  options: { method?: 'POST' | 'PUT'; body: unknown; query?: Record<string, string> },
): Promise<boolean> {
  try {
    await apiRequest(path, { ...options, schema: AcceptedEvents, keepalive: true })
    return true
  } catch (error) {
    console.warn(`tracking ${path} failed`, error)
    return false
  }
}

/** POST /track-audio-play */
export const trackPlay = (target: TrackTarget) =>
  report('/track-audio-play', { method: 'POST', body: bodyOf(target) })

/**
 * POST /track-listening: `listeningHours` carries the whole seconds listened since the last report, despite its
 * name (the spec's client sends its musicDuration seconds; the API documents it so). Nothing is sent for 0 s.
 */
export function trackListening(target: TrackTarget, seconds: number): Promise<boolean> {
  const whole = Math.floor(seconds)
  if (whole <= 0) return Promise.resolve(true)
  return report('/track-listening', { method: 'POST', body: { ...bodyOf(target), listeningHours: whole } })
}

/**
 * POST /page-view (the spec's page-view tracker): the path of the page opened, without query or fragment, with an
 * event id of its own, so a resend after a failure counts once. Paths the API would refuse (deeper than two
 * segments, over its length) are not sent.
 */
export function trackPageView(path: string, id: string = crypto.randomUUID()): Promise<boolean> {
  if (!new RegExp(ViewedPagePath.pattern!).test(path) || path.length > (ViewedPagePath.maxLength ?? 0))
    return Promise.resolve(true)
  return report('/page-view', { method: 'POST', body: { id, path } })
}

/** POST /track-purchase-click: the Get This link. */
export const trackPurchaseClick = (target: TrackTarget) =>
  report('/track-purchase-click', { method: 'POST', body: bodyOf(target) })

/** POST /track-profile-click: a visit to the book's author profile from the book. */
export const trackProfileClick = (target: TrackTarget) =>
  report('/track-profile-click', { method: 'POST', body: bodyOf(target) })

/** PUT /increment/values?podcastId=&episodeId= with `{ shares: 1 }`: a share (device share or copied link). */
export const trackShare = (target: TrackTarget) =>
  report('/increment/values', {
    method: 'PUT',
    query: target.episodeId
      ? { podcastId: target.bookId, episodeId: target.episodeId }
      : { podcastId: target.bookId },
    body: { shares: 1 },
  })

/** The spec's descriptionClickedBooks entry of a book: `bookId_episodeId`. */
const clickKey = ({ bookId, episodeId }: TrackTarget) => `${bookId}_${episodeId ?? ''}`

function clickedDescriptions(): string[] {
  const raw = readItem(StorageKeys.descriptionClickedBooks)
  if (!raw) return []
  try {
    const parsed: unknown = JSON.parse(raw)
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : []
  } catch {
    return []
  }
}

function setClickedDescriptions(keys: readonly string[]): void {
  try {
    writeItem(StorageKeys.descriptionClickedBooks, JSON.stringify(keys))
  } catch {
    // Storage full or unavailable: the click may be counted again later, which the server's window folds.
  }
}

/**
 * POST /track-description-click, once per book and podblurb per browser (spec): the pair is remembered in
 * descriptionClickedBooks before sending, so a second click while the first is on its way sends nothing; it is
 * forgotten again when the report fails, so a later click can still count.
 */
export async function trackDescriptionClick(target: TrackTarget): Promise<boolean> {
  const key = clickKey(target)
  const clicked = clickedDescriptions()
  if (clicked.includes(key)) return false
  setClickedDescriptions([...clicked, key])
  const sent = await report('/track-description-click', { method: 'POST', body: bodyOf(target) })
  if (!sent) setClickedDescriptions(clickedDescriptions().filter((k) => k !== key))
  return sent
}
