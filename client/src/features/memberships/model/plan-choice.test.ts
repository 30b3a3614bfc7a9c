import { describe, expect, it } from 'vitest'
import type { Plan } from '@bookstrut/schemas'
import { checkBilling, emptyBilling, REQUIRED_FIELDS_MESSAGE } from './billing-form'
import {
  bookLimitLabel,
  defaultSelection,
  isGreyedOut,
  priceLabel,
  upgradeButton,
  type Viewer,
} from './plan-choice'

const plan = (id: string, price: number, bookLimit = 1, duration = 12): Plan => ({
  _id: id.padEnd(24, '0'),
  planName: id,
  description: '',
  price,
  duration,
  bookLimit,
  status: true,
})
const starter = plan('starter', 0, 1, -1)
const pro = plan('pro', 15.99, 10)
const creator = (over: Partial<Extract<Viewer, { kind: 'creator' }>> = {}): Viewer => ({
  kind: 'creator',
  currentPlanId: null,
  effectivePrice: 0,
  canUpgrade: true,
  ...over,
})

describe('plan choice', () => {
  it('greys out plans at or below the price in effect, only for creators', () => {
    expect(isGreyedOut(starter, creator())).toBe(true)
    expect(isGreyedOut(pro, creator())).toBe(false)
    expect(isGreyedOut(pro, creator({ effectivePrice: 15.99 }))).toBe(true)
    expect(isGreyedOut(starter, { kind: 'anonymous' })).toBe(false)
  })

  it('selects the current plan, else the free plan', () => {
    expect(defaultSelection([starter, pro], creator({ currentPlanId: pro._id }))).toBe(pro._id)
    expect(defaultSelection([starter, pro], { kind: 'anonymous' })).toBe(starter._id)
  })

  it('gives the Upgrade button of each viewer', () => {
    expect(upgradeButton(pro, { kind: 'reader' })).toEqual({ show: false })
    expect(upgradeButton(pro, { kind: 'anonymous' })).toMatchObject({ label: 'Please login first' })
    expect(upgradeButton(pro, creator())).toMatchObject({ label: 'Upgrade Now', disabled: false })
    expect(upgradeButton(starter, creator())).toMatchObject({ disabled: true })
    expect(upgradeButton(pro, creator({ currentPlanId: pro._id, effectivePrice: 15.99 }))).toMatchObject({
      disabled: true,
    })
    expect(upgradeButton(pro, creator({ canUpgrade: false }))).toMatchObject({ disabled: true })
  })

  it('labels prices and limits as the spec does', () => {
    expect(priceLabel(starter)).toBe('Free')
    expect(priceLabel(pro)).toBe('$15.99 mo.')
    expect(priceLabel(plan('life', 99, -1, -1))).toBe('$99.00')
    expect(bookLimitLabel(-1)).toBe('Unlimited')
    expect(bookLimitLabel(0)).toBe('Unlimited')
    expect(bookLimitLabel(10)).toBe('10 books')
  })
})

describe('billing form', () => {
  const full = {
    ...emptyBilling('a@b.co'),
    name: ' Ada ',
    address_line1: '1 Main',
    address_city: 'X',
    country: 'US',
    address_state: 'IL',
  }
  it('needs every field but the postal code, which is sent empty', () => {
    expect(checkBilling(full)).toEqual({ ok: true, billing: { ...full, name: 'Ada', address_zip: '' } })
    for (const key of ['name', 'email', 'address_line1', 'address_city', 'country', 'address_state'] as const)
      expect(checkBilling({ ...full, [key]: '  ' })).toEqual({ ok: false, message: REQUIRED_FIELDS_MESSAGE })
  })
  it('does not check the e-mail format', () => {
    expect(checkBilling({ ...full, email: 'not-an-email' }).ok).toBe(true)
  })
})
