import type { EventType } from '@bookstrut/schemas'

/*
 * How events become the numbers authors see (docs/analytics.md, "What counts once"):
 * - every stored event counts once, whatever number of times it was sent or inserted (distinct event ids);
 * - impressions (views, top_search, Idea Hits), plays, shares, clicks and page views count once per reader (account, else the
 *   server's visitor id) per book per half-hour window (clock-aligned: :00-:30, :30-:00 UTC), so searching again,
 *   replaying or re-clicking cannot inflate them;
 * - listening seconds are summed per listener, book and window and capped there by the clip's length;
 * - likes and favourites count once per reader, book and UTC day: their producer makes one event id per reader,
 *   book and day (reactions.service.ts), however often the reader toggles; unlikes and ghosts count each event.
 */
export const LISTENER_WINDOW_SECONDS = 1800

/** Event types counted once per actor and window (the `counted` sets) rather than per event. */
export const WINDOWED_TYPES: ReadonlySet<EventType> = new Set([
  'impression',
  'play',
  'share',
  'purchase_click',
  'description_click',
  'profile_click',
  'page_view',
])

export const isWindowed = (type: EventType) => WINDOWED_TYPES.has(type)

/** A reader's half-hour window as SQL over the `events` table: what impressions are counted once in. */
export const SQL_READER_WINDOW = `concat(actor, '@', toString(intDiv(toUInt32(ts), ${LISTENER_WINDOW_SECONDS})))`
