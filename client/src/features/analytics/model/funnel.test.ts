import { describe, expect, it } from 'vitest'
import { formatRate, funnelNote, funnelSteps, rateLine } from './funnel'

describe('the funnel impression → play → Get This click', () => {
  it('gives each step its count and its rate of the step before', () => {
    const steps = funnelSteps({ impressions: 200, plays: 50, purchaseClicks: 5 })
    expect(steps.map((s) => [s.label, s.count, s.rate, s.width])).toEqual([
      ['Impressions', 200, null, 100],
      ['Plays', 50, 25, 25],
      ['Get This clicks', 5, 10, 2.5],
    ])
  })

  it('has no rate after a step of zero, and no bars when nothing happened', () => {
    const steps = funnelSteps({ impressions: 0, plays: 0, purchaseClicks: 0 })
    expect(steps.map((s) => [s.rate, s.width])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
    ])
    expect(formatRate(steps[1]!.rate)).toBe('—')
    expect(rateLine(steps[1]!)).toBe('no impressions to compare with')
    expect(funnelNote({ impressions: 0, plays: 0, purchaseClicks: 0 })).toBeNull()
  })

  it('draws no bar without impressions (a full Plays bar would read as every impression played), and says why', () => {
    const totals = { impressions: 0, plays: 3, purchaseClicks: 1 }
    const steps = funnelSteps(totals)
    expect(steps.map((s) => s.width)).toEqual([0, 0, 0])
    expect(steps.map(rateLine).slice(1)).toEqual(['no impressions to compare with', '33% of plays'])
    expect(funnelNote(totals)).toMatch(/^No impressions in this period/)
    expect(funnelNote({ impressions: 1, plays: 3, purchaseClicks: 1 })).toBeNull()
  })

  it('shows a step above the one before as it is (plays from a shared link have no impression)', () => {
    const steps = funnelSteps({ impressions: 4, plays: 10, purchaseClicks: 1 })
    expect(steps[1]).toMatchObject({ rate: 250, width: 100 })
    expect(steps[0]).toMatchObject({ width: 40 })
    expect(formatRate(steps[1]!.rate)).toBe('250%')
    expect(formatRate(steps[2]!.rate)).toBe('10%')
    expect(rateLine(steps[1]!)).toBe('250% of impressions')
  })
})
