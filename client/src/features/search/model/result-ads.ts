import { withAdSlots, type GridCell } from '@/lib/ad-slots'

/** Spec: an ad slot after every 5th result row on desktop, every 2nd under 600 px (none after the last). */
export const RESULT_AD_EVERY_WIDE = 5
export const RESULT_AD_EVERY_NARROW = 2

export const resultAdEvery = (narrow: boolean): number =>
  narrow ? RESULT_AD_EVERY_NARROW : RESULT_AD_EVERY_WIDE

/** The rows with their ad slots. */
export const rowsWithAds = <T>(rows: readonly T[], narrow: boolean): GridCell<T>[] =>
  withAdSlots(rows, resultAdEvery(narrow), false)
