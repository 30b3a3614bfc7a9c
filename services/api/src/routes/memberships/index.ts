import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import {
  Envelope,
  MembershipsByUser,
  MembershipsByUserQuery,
  Plan,
  PlanListQuery,
  QuoteQuery,
  UpdatePlanBody,
  UpgradeQuote,
} from '@bookstrut/schemas'
import { access, adminRule, buysPlansRule, inQuery, notBlockedRule, ruleWhen } from '@bookstrut/core'
import { ok } from '../../respond.js'
import { requireAuth } from '../../plugins/app/auth.js'
import { limitPerAccount } from '../../plugins/app/account-limit.js'
import { actorOf } from '../../plugins/app/admin-actor.js'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'
import { listPlans, membershipsByUser, onSale, quote, updatePlan } from '@bookstrut/billing'
import { booksRepo } from '@bookstrut/catalogue'

/**
 * The plan catalogue, a user's memberships, the admin's plan editor and upgrade quotes (spec reader-and-account
 * sections 3, 4 "Plan state" and "Upgrade flow", 7). Paying is in routes/payments.
 */
export const membershipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app)
  const tags = ['memberships']
  const declare = declarer(tags)

  /** A quote is cheap (SQL only), but a flood of them is still a flood. */
  const limitQuotes = limitPerAccount(app.limits, 'planQuotesPerAccount')

  app.get(
    '/get/all/memberships',
    declare({
      summary: 'The plan catalogue',
      description:
        "Plans on sale (`status=true`, the default) in catalogue order: the spec's Starter, Essential, Basic, Pro " +
        'and Elite Strut (0, 5.99, 9.99, 15.99, 24.99 USD a month; 1, 2, 5, 10 and unlimited (-1) books; duration ' +
        'in months, -1 = lifetime). `status=false` lists withdrawn plans, for admins only (403 otherwise). The ' +
        'limited "Infinite Strut" plans are not sold here: they are a contact request (POST /create/ContactUs).',
      request: { querystring: PlanListQuery },
      response: { 200: Envelope(Type.Array(Plan)) },
      access: access.public(
        ruleWhen(
          'status=false',
          ({ query }) => !onSale(query as { status?: boolean }),
          adminRule('Only admins can see withdrawn plans.'),
        ),
      ),
    }),
    async (req) => ok('Memberships fetched successfully', await listPlans(deps, onSale(req.query))),
  )

  app.put(
    '/admin/membership/plan',
    {
      ...declare({
        tags: [...tags, 'admin'],
        summary: "Change a plan's price, status or book limit (admins)",
        description:
          'Only the fields sent change. price: USD a month with at most two decimals, at least 1.00 for a paid plan; ' +
          'the free plan stays free and on sale. bookLimit: -1 (unlimited) or 1–100000. Memberships already bought ' +
          'keep their terms; the change applies to new purchases. Writes one audit log entry (plan.update); ' +
          'admins only, on the per-admin limit (429).',
        request: { body: UpdatePlanBody },
        response: { 200: Envelope(Plan) },
        access: access.admin(),
      }),
      preHandler: limitPerAccount(deps.limits, 'adminPerAccount'),
    },
    async (req) => ok('Membership plan updated', await updatePlan(deps, req.body, actorOf(req))),
  )

  app.get(
    '/get/all/membershipsByUser',
    declare({
      summary: "A user's current plan, plan state, past plans and billing details",
      description:
        'The owner or an admin only (403 for anybody else). `effective` is the plan in force now: a paid plan past ' +
        'its expiry counts as the free plan (its listings stay, new ones wait for an upgrade). `state` gives the ' +
        "spec's plan states; `canUpgrade` is reading (a), `canUpgradeToHigherPlan` reading (b) (see docs/payments.md).",
      request: { querystring: MembershipsByUserQuery },
      response: { 200: Envelope(MembershipsByUser) },
      access: access.ownAccount(inQuery('userId')),
    }),
    async (req) => {
      const booksListed = await booksRepo.countOwnedBooks(deps.db, req.query.userId)
      return ok(
        'Memberships fetched successfully',
        await membershipsByUser(deps, req.query.userId, booksListed),
      )
    },
  )

  app.get(
    '/get/membership/quote',
    {
      ...declare({
        summary: 'What an upgrade to a plan costs the caller now',
        description:
          'Computed by the server: 12 × the monthly price (a lifetime plan: its price) minus the unused part of the ' +
          'current plan (its 12-month charge × whole remaining months / 12), in USD with two decimals. Authors and ' +
          'publishers only (403 for readers, admins and blocked accounts); 409 for a plan that does not cost more ' +
          'than the plan in effect or is not on sale; 404 for no plan. Paying charges exactly this amount. ' +
          'Rate-limited per account (429).',
        request: { querystring: QuoteQuery },
        response: { 200: Envelope(UpgradeQuote) },
        access: access.signedIn(buysPlansRule, notBlockedRule),
      }),
      preHandler: limitQuotes,
    },
    async (req) =>
      ok(
        'Quote computed',
        await quote(deps, requireAuth(req).user, req.query.planId, app.config.payments.stripe !== undefined),
      ),
  )
}
