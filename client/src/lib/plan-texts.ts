import { FREE_PLAN_BOOK_LIMIT, LIFETIME, periodChargeCents, type PlanStanding } from '@bookstrut/schemas'

/*
 * Every plan text the client shows, worded from the account's standing (schemas plan-standing.ts, which reads the
 * plan-state rules of plans.ts): the welcome, the upload page, My Listings, the membership pages and the payment
 * dialog. No screen words a plan on its own, so none can contradict another or the plan the account holds.
 */

export const formatUsd = (amount: number) => `$${amount.toFixed(2)}`

/** Dates in en-US long format (spec section 9); "-1" or empty means none. */
export function formatPlanDate(iso: string | null | undefined): string {
  if (!iso || iso === '-1') return 'Never'
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return 'Never'
  return at.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
}

export const booksText = (n: number) => (n === 1 ? '1 book' : `${n} books`)

/** "up to 5 books" or "unlimited books". */
export const allowanceText = (s: PlanStanding) =>
  s.unlimited ? 'unlimited books' : `up to ${booksText(s.limit)}`

/** "N of M listed" when the plan in effect has a limit, else null (spec: the counter only for bookLimit above 0). */
export const listedCounterText = (s: PlanStanding): string | null =>
  s.unlimited ? null : `${s.listed} of ${s.limit} listed`

/** One line on the plan held and its use: "Starter Strut: 0 of 1 listed", "Elite Strut: 300 listed, no limit". */
export function planSummaryText(s: PlanStanding): string {
  if (s.kind === 'expired')
    return `${s.planName} (expired): ${s.listed} of ${FREE_PLAN_BOOK_LIMIT} listed on the free plan's limit`
  if (s.unlimited) return `${s.planName}: ${s.listed} listed, no limit`
  return `${s.planName}: ${s.listed} of ${s.limit} listed`
}

/** What an expired plan means, said once for every page that shows it. */
export const expiredText = (s: PlanStanding) =>
  `Your ${s.planName} plan expired on ${formatPlanDate(s.expiryDate)}. Your listings stay; new ones follow the free plan's limit of ${booksText(FREE_PLAN_BOOK_LIMIT)}.`

/** The upload page's note on what the plan allows (instead of a fixed "free users can upload up to 5 books"). */
export function uploadAllowanceText(s: PlanStanding): string {
  if (s.kind === 'expired') return expiredText(s)
  const used = s.listed === 0 ? 'none listed yet' : `${s.listed} listed`
  return `Your ${s.planName} plan lists ${allowanceText(s)} (${used}).`
}

export interface DialogText {
  title: string
  body: string
}

/** The spec's closing line of the limit warning. */
export const UPGRADE_TO_CONTINUE = 'Please upgrade your plan to continue.'
/** The spec's title of the warning, used only when the plan has in fact expired. */
export const PLAN_EXPIRED_TITLE = 'Your plan has expired'
export const LIMIT_REACHED_TITLE = "You have reached your plan's book limit"

/** Why a new listing is refused: an expired plan, or the limit of a running plan reached. */
export function limitDialogText(s: PlanStanding): DialogText {
  if (s.kind === 'expired')
    return { title: PLAN_EXPIRED_TITLE, body: `${expiredText(s)} ${UPGRADE_TO_CONTINUE}` }
  return {
    title: LIMIT_REACHED_TITLE,
    body: `${s.planName} lists ${allowanceText(s)}, and you have listed ${s.listed}. ${UPGRADE_TO_CONTINUE}`,
  }
}

/** The Welcome modal's words (its content is ours: the spec does not show it). Only for the free plan. */
export function welcomeText(s: PlanStanding): {
  lead: string
  action: 'List My First Book' | 'Go to My Listings'
} {
  return {
    lead: `You are on ${s.planName}, our free plan: list ${booksText(s.limit)} with a podblurb of up to 5 minutes and let readers find it by its ideas.`,
    action: s.listed === 0 ? 'List My First Book' : 'Go to My Listings',
  }
}

/** The price of the plan held: "Free", "$15.99 a month, billed yearly", or a grant at no charge. */
export function heldPriceText(s: PlanStanding): string {
  if (s.kind === 'free') return 'Free'
  if (s.kind === 'granted') return `Included at no charge (list price ${formatUsd(s.monthlyPrice)} a month)`
  return `${formatUsd(s.monthlyPrice)} a month, billed yearly`
}

/** Said on the membership page above the plans, before anyone chooses one. */
export const YEARLY_BILLING_NOTE =
  'Paid plans are billed yearly: 12 months of the monthly price, paid up front. Upgrading credits the unused months of your current plan.'

/**
 * How a plan on sale is billed, said before anyone clicks: "Billed yearly: $191.88 a year" (12 × the monthly
 * price, what the payment dialog charges), "One payment of $X, no renewal" for a lifetime plan, null when free.
 */
export function billingText(plan: { price: number; duration: number }): string | null {
  if (plan.price === 0) return null
  const total = formatUsd(periodChargeCents(plan) / 100)
  return plan.duration === LIFETIME ? `One payment of ${total}, no renewal` : `Billed yearly: ${total} a year`
}
