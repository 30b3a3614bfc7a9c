import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import {
  CreatePaymentIntentBody,
  CreateUserMembershipBody,
  Envelope,
  ErrorEnvelope,
  Membership,
  PaymentConfig,
  PaymentIntentData,
  PaymentStatus,
  WebhookReceipt,
} from '@bookstrut/schemas'
import { access, buysPlansRule, notBlockedRule, ownPaymentRule } from '@bookstrut/core'
import { ok } from '../../respond.js'
import { requireAuth } from '../../plugins/app/auth.js'
import { limitPerAccount } from '../../plugins/app/account-limit.js'
import { depsOf } from '../deps.js'
import { declarer } from '../route-docs.js'
import { confirmPayment, handleStripeWebhook, startPayment, type PaymentDeps } from '@bookstrut/billing'
import { loadUser } from '../../views/user-view.js'
import { createStripeGateway, verifyWebhook } from './stripe-gateway.js'

/** 402: the card was declined; 503: payments are not configured (the spec's message). */
const paymentErrors = { 402: ErrorEnvelope, 503: ErrorEnvelope }

/** Stripe events are small (a PaymentIntent); anything much larger is no event of ours. */
const WEBHOOK_BODY_LIMIT = 256 * 1024

/**
 * Card payments of plan upgrades through Stripe (issue 16): the server computes the amount and creates the
 * PaymentIntent, the browser confirms it with Stripe.js, and the plan changes only once Stripe says it was paid —
 * when the client reports back (POST /create/user/membership) and, authoritatively, by the webhook.
 */
export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: PaymentDeps = {
    ...depsOf(app),
    gateway: createStripeGateway(app.config),
    verifyWebhook,
    log: app.log,
  }
  const tags = ['payments']
  const declare = declarer(tags)
  const note =
    'Authors and publishers only, for their own account (a `userId` of anybody else: 403). Without ' +
    'STRIPE_SECRET_KEY: 503 PAYMENT_NOT_CONFIGURED "Payment system is not properly configured. Please contact ' +
    'support." Rate-limited per account with the other payment calls (429).'

  /** Before any SQL or Stripe call: each of these may reach Stripe. */
  const limitPayments = limitPerAccount(app.limits, 'paymentsPerAccount')

  app.get(
    '/get/payment/config',
    declare({
      summary: "Stripe's publishable key for Stripe.js (public)",
      description:
        'STRIPE_PUBLISHABLE_KEY, read at run time so one client build serves any Stripe account. `null` when ' +
        'it or STRIPE_SECRET_KEY is unset: the payment modal then says "Payment system is not properly ' +
        'configured. Please contact support."',
      response: { 200: Envelope(PaymentConfig) },
      access: access.public(),
    }),
    async () => {
      const { stripe, publishableKey } = app.config.payments
      return ok('Payment configuration fetched successfully', {
        publishableKey: stripe && publishableKey ? publishableKey : null,
      })
    },
  )

  app.post(
    '/create/payment-intent',
    {
      ...declare({
        summary: 'Start paying for an upgrade: the server computes the amount and creates the PaymentIntent',
        description:
          'Answers the client secret for Stripe.js (`confirmCardPayment`). The amount is the quote of GET ' +
          '/get/membership/quote; a sent `amount` or `price` is ignored. The same upgrade at the same amount answers ' +
          'the same payment and PaymentIntent (an idempotency key at Stripe), so a double click charges once. No ' +
          `downgrade and no repeat of the plan in effect (409). ${note}`,
        request: { body: CreatePaymentIntentBody },
        response: { 200: Envelope(PaymentIntentData), ...paymentErrors },
        access: access.signedIn(ownPaymentRule, buysPlansRule, notBlockedRule),
      }),
      preHandler: limitPayments,
    },
    async (req) => ok('Payment started', await startPayment(deps, requireAuth(req).user, req.body)),
  )

  app.post(
    '/create/user/membership',
    {
      ...declare({
        tags: [...tags, 'memberships'],
        summary: 'Apply a paid upgrade: the plan changes only if Stripe confirms the payment',
        description:
          'Call after the card payment with its `paymentId`. The server asks Stripe: succeeded → the plan starts ' +
          "now for 12 months (or for life) and the user's membership is answered; declined → 402 PAYMENT_FAILED " +
          '"Payment failed. Please try again."; not settled yet → 409 PAYMENT_PENDING (the webhook will apply it). ' +
          "Calling again, or after the webhook, changes nothing more. The spec's `bookLimit` and " +
          `\`totalbooksListed\` are ignored. A payment of another account: 404. ${note}`,
        request: { body: CreateUserMembershipBody },
        response: {
          200: Envelope(
            Type.Object({ status: PaymentStatus, membership: Type.Union([Membership, Type.Null()]) }),
          ),
          ...paymentErrors,
        },
        access: access.signedIn(ownPaymentRule),
      }),
      preHandler: limitPayments,
    },
    async (req) => {
      const { user } = requireAuth(req)
      const { status } = await confirmPayment(deps, user, req.body)
      return ok('Membership upgraded successfully', {
        status,
        membership: (await loadUser(app.db, user)).membership,
      })
    },
  )

  await app.register(async (webhook) => registerWebhook(webhook, deps, declare))
}

/**
 * The webhook in a scope of its own, where JSON is not parsed: the signature covers the exact bytes Stripe sent, so
 * the handler gets them as a Buffer.
 */
function registerWebhook(app: FastifyInstance, deps: PaymentDeps, declare: ReturnType<typeof declarer>) {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  )
  app.post(
    '/stripe/webhook',
    {
      ...declare({
        summary: "Stripe's webhook (payment_intent.succeeded, payment_intent.payment_failed)",
        description:
          'Stripe calls this, not the client. `Stripe-Signature` is verified over the raw body with ' +
          'STRIPE_WEBHOOK_SECRET and a 300 s tolerance; a bad, missing or stale signature gets 400 and changes ' +
          'nothing. Each event id is handled once (a repeat answers `duplicate: true`). Without ' +
          'STRIPE_WEBHOOK_SECRET: 503.',
        request: {
          headers: Type.Object({ 'stripe-signature': Type.Optional(Type.String({ maxLength: 4096 })) }),
        },
        response: { 200: Envelope(WebhookReceipt), ...paymentErrors, 415: ErrorEnvelope },
        // Stripe calls it with no session: the signature over the raw body is what is checked (in the service).
        access: access.public(),
      }),
    },
    async (req) => {
      const signature = req.headers['stripe-signature']
      const receipt = await handleStripeWebhook(
        deps,
        req.log,
        req.body,
        typeof signature === 'string' ? signature : undefined,
      )
      return ok('Webhook received', receipt)
    },
  )
}
