import { applyPlanGrant, grantOf, membershipsRepo } from '@bookstrut/billing'
import { audited, recorded, type AdminActor, type Deps } from '@bookstrut/core'
import type { AdminUserDetail, GrantPlanBody } from '@bookstrut/schemas'

/** The console's view of a member's current plan (the user detail page's `plan`). */
export const planOfMember = async (
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
): Promise<AdminUserDetail['plan']> => {
  const m = await membershipsRepo.currentMembership(deps.db, userId)
  if (!m) return null
  return {
    planId: m.plan_id,
    planName: m.plan_name,
    expiryDate: m.expiry_date ? m.expiry_date.toISOString() : null,
    planPrice: Number(m.plan_price),
    grant: grantOf(m),
  }
}

/**
 * An admin grants a member a plan (audited: plan.grant, target the member, their membership before and after);
 * answers the member's plan as the console shows it. The rules are billing's (billing's memberships/plan-grant.ts).
 */
export async function grantPlan(deps: Pick<Deps, 'db' | 'clock'>, actor: AdminActor, body: GrantPlanBody) {
  await audited(deps, actor, async (trx) => {
    const { before, after } = await applyPlanGrant(trx, { ...body, adminId: actor.id }, deps.clock.now())
    return recorded(null, 'plan.grant', ['user', body.userId], before, after)
  })
  return planOfMember(deps, body.userId)
}
