import {
  canUpgradeReadingA,
  canUpgradeReadingB,
  isExpired,
  UNLIMITED_BOOKS,
  LIFETIME,
  planStanding,
  type MembershipTerms,
  type PlanStanding,
  type MembershipsByUser,
  type Plan,
} from '@bookstrut/schemas'

/** Who looks at the plan list: what the Upgrade button and the greyed-out plans depend on. */
export type Viewer =
  | { kind: 'anonymous' }
  | { kind: 'reader' }
  | {
      kind: 'creator'
      /** the plan bought (null: never bought one, so the free plan) */
      currentPlanId: string | null
      /** price of the plan in effect: 0 once a paid plan has expired */
      effectivePrice: number
      /** can upgrade, reading (a) (home and membership flow) or (b) (My Membership) */
      canUpgrade: boolean
    }

/** Where the account stands with its plan (schemas planStanding), from the server's membership answer. */
export const standingOfMemberships = (m: MembershipsByUser, now: Date): PlanStanding =>
  planStanding(m.current ? { ...m.current, booksListed: m.booksListed } : null, now, m.booksListed)

/** The fields the shared plan-state rules read, from the server's membership answer. */
export function termsOf(m: MembershipsByUser): MembershipTerms {
  return {
    // The plan's list price, not the price paid: a paid plan granted for nothing ranks as that plan, not as free.
    price: m.current?.planPrice ?? 0,
    bookLimit: m.current?.bookLimit ?? m.effective.bookLimit,
    booksListed: m.booksListed,
    expiryDate: m.current?.expiryDate ?? '-1',
  }
}

/**
 * A creator and their plan state. "Can upgrade" is reading (a) on the membership page (no plans given) and
 * reading (b) on My Membership (the plans on sale given): see docs/payments.md, the plan states.
 */
export function creatorViewer(m: MembershipsByUser, now: Date, plansOnSale?: readonly Plan[]): Viewer {
  const terms = termsOf(m)
  return {
    kind: 'creator',
    currentPlanId: m.current?.planId ?? null,
    effectivePrice: isExpired(terms, now) ? 0 : terms.price,
    canUpgrade: plansOnSale ? canUpgradeReadingB(terms, plansOnSale, now) : canUpgradeReadingA(terms, now),
  }
}

/** A plan at or below the price of the plan in effect is greyed out: no downgrade, no repeat. */
export const isGreyedOut = (plan: Pick<Plan, 'price'>, viewer: Viewer) =>
  viewer.kind === 'creator' && plan.price <= viewer.effectivePrice

/** The selected plan defaults to the user's current plan, else the free plan. */
export function defaultSelection(plans: readonly Plan[], viewer: Viewer): string | undefined {
  const current = viewer.kind === 'creator' ? viewer.currentPlanId : null
  if (current && plans.some((p) => p._id === current)) return current
  return (plans.find((p) => p.price === 0) ?? plans[0])?._id
}

export type UpgradeButton =
  | { show: false }
  | { show: true; label: 'Please login first'; disabled: false; action: 'signUp' }
  | { show: true; label: 'Upgrade Now'; disabled: boolean; action: 'pay' }

/**
 * The Upgrade button: hidden for readers; "Please login first" (opening the sign-up dialog) when anonymous;
 * disabled when the selected plan is the current or the free plan, greyed out, or the plan cannot be upgraded.
 */
export function upgradeButton(selected: Plan | undefined, viewer: Viewer): UpgradeButton {
  if (viewer.kind === 'reader') return { show: false }
  if (viewer.kind === 'anonymous')
    return { show: true, label: 'Please login first', disabled: false, action: 'signUp' }
  const disabled =
    !selected ||
    !viewer.canUpgrade ||
    selected.price === 0 ||
    selected._id === viewer.currentPlanId ||
    isGreyedOut(selected, viewer)
  return { show: true, label: 'Upgrade Now', disabled, action: 'pay' }
}

/** "$15.99 mo." when the plan has a duration, the price alone for a lifetime plan, "Free" for price 0. */
export function priceLabel(plan: Pick<Plan, 'price' | 'duration'>): string {
  if (plan.price === 0) return 'Free'
  const price = `$${plan.price.toFixed(2)}`
  return plan.duration === LIFETIME ? price : `${price} mo.`
}

/** "Unlimited" for unlimited (0 or less in the profile views), else "N books": one plan name everywhere. */
export function bookLimitLabel(bookLimit: number): string {
  if (bookLimit === UNLIMITED_BOOKS || bookLimit <= 0) return 'Unlimited'
  return bookLimit === 1 ? '1 book' : `${bookLimit} books`
}

/** The plan marked "Most Popular" (spec section 3: Pro Strut). */
export const isMostPopular = (plan: Pick<Plan, 'planName'>) => /^pro\b/i.test(plan.planName)
