import type { EventType } from '@bookstrut/schemas'

/*
 * How events become the numbers authors see (README, "Counting rules"):
 * - every stored event counts once, whatever number of times it was sent or inserted (distinct event ids);
 * - plays, shares and clicks count once per listener (account, else anonymous id) per title per half-hour window
 *   (clock-aligned: :00-:30, :30-:00 UTC), so replaying or re-clicking cannot inflate them;
 * - listening seconds are summed per listener, title and window and capped there by the clip's length;
 * - impressions, reactions and ghosts count each event (their producers already allow one per search result, or
 *   one per reader and title).
 */
export const LISTENER_WINDOW_SECONDS = 1800

/** Event types counted once per actor and window (the `counted` sets) rather than per event. */
export const WINDOWED_TYPES: ReadonlySet<EventType> = new Set([
  'play',
  'share',
  'purchase_click',
  'description_click',
  'profile_click',
])

export const isWindowed = (type: EventType) => WINDOWED_TYPES.has(type)
