import { describe, expect, it } from 'vitest'
import { QUANT_SCALE, quantizeInto } from './kernel/book-scan.js'
import { PrincipalProjection } from './principal-projection.js'
import { clusteredVectors } from './test/clustered-vectors.js'

describe('PrincipalProjection', () => {
  it('projects int8 rows in the kernel as it projects them in JavaScript, to about a percent', async () => {
    const dims = 96
    const sample = clusteredVectors(600, dims, 3, 12)
    const projection = await PrincipalProjection.of(sample, dims, 24)
    const rows = new Int8Array(7 * dims) // seven rows: two passes of three and one of one
    sample.slice(0, 7).forEach((v, r) => quantizeInto(v, rows, r * dims))
    const fast = projection.projectRows(rows)
    expect(fast).toHaveLength(7)
    let spread = 0
    let worst = 0
    fast.forEach((got, r) => {
      const want = projection.project(rows, r * dims, 1 / QUANT_SCALE)
      expect(got).toHaveLength(24)
      got.forEach((x, k) => {
        spread = Math.max(spread, Math.abs(want[k]!))
        worst = Math.max(worst, Math.abs(x - want[k]!))
      })
    })
    expect(spread).toBeGreaterThan(0.1)
    expect(worst / spread).toBeLessThan(0.02)
  })
})
