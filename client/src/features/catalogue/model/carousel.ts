/** Titles carousel (spec author-and-content section 2): slides per view and spacing by window width. */
export interface CarouselLayout {
  perView: number
  spacing: number
}

const DEFAULT: CarouselLayout = { perView: 6, spacing: 10 }

/** Smallest width first. As in a Swiper breakpoint table, an entry overrides the defaults only. */
const BREAKPOINTS: readonly [minWidth: number, layout: Partial<CarouselLayout>][] = [
  [220, { perView: 1 }],
  [320, { perView: 2 }],
  [480, { perView: 2 }],
  [640, { perView: 3 }],
  [768, { perView: 4, spacing: 15 }],
  [1024, { perView: 6 }],
]

/** The layout for a window width: the largest breakpoint not above it, else the default (6, spacing 10). */
export function carouselLayout(width: number): CarouselLayout {
  let chosen: Partial<CarouselLayout> = {}
  for (const [min, layout] of BREAKPOINTS) if (width >= min) chosen = layout
  return { ...DEFAULT, ...chosen }
}
