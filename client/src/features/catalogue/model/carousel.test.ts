import { describe, expect, it } from 'vitest'
import { carouselLayout } from './carousel'

describe('titles carousel breakpoints', () => {
  it.each([
    [1920, 6, 10],
    [1024, 6, 10],
    [1023, 4, 15],
    [768, 4, 15],
    [767, 3, 10],
    [640, 3, 10],
    [639, 2, 10],
    [480, 2, 10],
    [390, 2, 10],
    [320, 2, 10],
    [319, 1, 10],
    [220, 1, 10],
    // Below the smallest breakpoint the defaults apply, as in the spec's table.
    [200, 6, 10],
  ])('%i px shows %i titles with %i px spacing', (width, perView, spacing) => {
    expect(carouselLayout(width)).toEqual({ perView, spacing })
  })
})
