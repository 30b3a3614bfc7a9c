import { describe, expect, it } from 'vitest'
import { mergeById } from './merge-by-id'

describe('mergeById', () => {
  it('appends later pages and drops items already shown', () => {
    const a = { _id: 'a', v: 1 }
    const b = { _id: 'b', v: 1 }
    const c = { _id: 'c', v: 1 }
    expect(
      mergeById([
        [a, b],
        [{ _id: 'b', v: 2 }, c],
      ]),
    ).toEqual([a, b, c])
    expect(mergeById([])).toEqual([])
  })
})
