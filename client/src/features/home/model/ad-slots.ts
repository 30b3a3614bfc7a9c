/** Spec: an ad after every 6th card of the Top 20 (every 4th under 600 px), and after the last card on small screens. */
export const AD_EVERY_WIDE = 6
export const AD_EVERY_NARROW = 4

export { withAdSlots, type GridCell } from '@/lib/ad-slots'

/** The layout for the window: narrow screens (under 600 px) get an ad every 4 cards and one after the last. */
export const adLayout = (narrow: boolean) =>
  narrow ? { every: AD_EVERY_NARROW, trailing: true } : { every: AD_EVERY_WIDE, trailing: false }
