/** A list with ad slots put between its items. */
export type GridCell<T> = { kind: 'item'; item: T } | { kind: 'ad'; key: string }

/** The items with an ad slot after every `every`-th one, and after the last one when `trailing`. */
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

/**
 * The advert an admin configured for the ad slots. Site settings hold none yet, so no slot shows: an empty dashed
 * "Advertisement" box looked unfinished (issue 48). When adverts can be configured, this reads them.
 */
export const configuredAdvert: { text: string } | null = null
