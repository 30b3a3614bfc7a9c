import { describe, expect, it } from 'vitest'
import { describeChange, formatChange, formatPercent, periodChange } from './period-change'

describe('the change against the previous period', () => {
  it('is a rise or a fall as a percentage of the previous total', () => {
    expect(periodChange(150, 100)).toEqual({ direction: 'up', percent: 50 })
    expect(periodChange(75, 100)).toEqual({ direction: 'down', percent: 25 })
    expect(periodChange(0, 40)).toEqual({ direction: 'down', percent: 100 })
  })

  it('is "new" when the previous period had none, and unchanged when both are equal', () => {
    expect(periodChange(7, 0)).toEqual({ direction: 'new' })
    expect(periodChange(0, 0)).toEqual({ direction: 'same' })
    expect(periodChange(12, 12)).toEqual({ direction: 'same' })
  })

  it('reads ▲/▼ with one decimal under 10 % and whole percentages above', () => {
    expect(formatChange(periodChange(150, 100))).toBe('▲ 50%')
    expect(formatChange(periodChange(1025, 1000))).toBe('▲ 2.5%')
    expect(formatChange(periodChange(2, 3))).toBe('▼ 33%')
    expect(formatChange(periodChange(1, 0))).toBe('new')
    expect(formatChange(periodChange(0, 0))).toBe('0%')
    expect(formatChange(periodChange(5001, 5000))).toBe('▲ <0.1%')
    expect(formatPercent(12345.6)).toBe('12,346%')
  })

  it('says the change in words for screen readers', () => {
    expect(describeChange(periodChange(3, 2), 'the 7 days before')).toBe('up 50% on the 7 days before')
    expect(describeChange(periodChange(1, 2), 'the 7 days before')).toBe('down 50% on the 7 days before')
    expect(describeChange(periodChange(1, 0), 'the 24 hours before')).toBe('new: none in the 24 hours before')
  })
})
