/** Spec: an ad after every 6th card of the Top 20 (every 4th under 600 px), and after the last card on small screens. */
export const AD_EVERY_WIDE = 6
export const AD_EVERY_NARROW = 4

export type GridCell<T> = { kind: 'item'; item: T } | { kind: 'ad'; key: string }

/** The cards with ad slots put in after every `every`-th card, and after the last one when `trailing`. */
export function withAdSlots<T>(items: readonly T[], every: number, trailing: boolean): GridCell<T>[] {
  const cells: GridCell<T>[] = []
  items.forEach((item, i) => {
    cells.push({ kind: 'item', item })
    const n = i + 1
    if (n % every === 0) cells.push({ kind: 'ad', key: `ad-${n}` })
    else if (trailing && n === items.length) cells.push({ kind: 'ad', key: `ad-${n}` })
  })
  return cells
}

/** The layout for the window: narrow screens (under 600 px) get an ad every 4 cards and one after the last. */
export const adLayout = (narrow: boolean) =>
  narrow ? { every: AD_EVERY_NARROW, trailing: true } : { every: AD_EVERY_WIDE, trailing: false }
