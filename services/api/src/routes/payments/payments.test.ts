import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { buildUser } from '@bookstrut/accounts/testing'
import { buildListing } from '@bookstrut/core/testing'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'
import { PLANS } from '../../test/memberships.js'
import { image } from '../../test/media-fixtures.js'
import { LIGHTHOUSE_FIELDS } from '../../test/listing-fixtures.js'
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js'

const billing = {
  name: 'Mara Quill',
  email: 'mara@example.com',
  address_line1: '1 Harbour Road',
  address_city: 'Portree',
  country: 'GB',
  address_state: 'Highland',
  address_zip: '',
}
const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`

let stand: StripeStandIn
let t: TestApp
/** The browser's side of Stripe (Stripe.js confirms the intent with the card): here the real client on the stand-in. */
let browserStripe: Stripe
let png: Buffer

beforeAll(async () => {
  stand = await startStripeStandIn()
  t = await buildTestApp({
    STRIPE_SECRET_KEY: stand.secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: stand.apiBase,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  })
  browserStripe = new Stripe(stand.secretKey, {
    host: '127.0.0.1',
    port: stand.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  })
  png = await image('png')
})
afterAll(async () => {
  await t?.close()
  await stand?.close()
})

type User = { id: string; token: string }
const api = () => client(t.app)
const author = (): Promise<User> => buildUser(t.app.db, { role: 'author' })

const startPayment = (user: User, planId: string, extra: Record<string, unknown> = {}) =>
  api().post('/create/payment-intent', { planId, billing, ...extra }, { token: user.token })
const confirmMembership = (user: User, paymentId: string, extra: Record<string, unknown> = {}) =>
  api().post('/create/user/membership', { paymentId, ...extra }, { token: user.token })
const cardPays = (intentId: string) =>
  browserStripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })

async function upgrade(user: User, planId: string) {
  const started = await startPayment(user, planId)
  expect(started.status).toBe(200)
  await cardPays(started.body.data.paymentIntentId)
  const confirmed = await confirmMembership(user, started.body.data.paymentId)
  expect(confirmed.status).toBe(200)
  return confirmed
}

const sendWebhook = (body: string, signature?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
    })
    .then((r) => ({ status: r.statusCode, body: r.json() }))
const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  browserStripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? webhookSecret,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  })

const membershipsOf = (userId: string) =>
  t.app.db
    .selectFrom('memberships')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('purchase_date')
    .execute()
const currentOf = async (userId: string) => (await membershipsOf(userId)).find((m) => m.is_current)
const paymentsOf = (userId: string) =>
  t.app.db.selectFrom('payments').selectAll().where('user_id', '=', userId).execute()
const stripeEvents = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('stripe_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('paying for an upgrade', () => {
  it('charges the server amount, starts the plan at once for 12 months and shows it on the user', async () => {
    const user = await author()
    const started = await startPayment(user, PLANS.pro)
    expect(started.status).toBe(200)
    expect(started.body.data).toMatchObject({ amount: 191.88, currency: 'usd', status: 'pending' })
    const intent = stand.intents.get(started.body.data.paymentIntentId)
    expect(intent).toMatchObject({
      amount: 19188,
      currency: 'usd',
      metadata: { userId: user.id, planId: PLANS.pro },
    })
    expect(started.body.data.clientSecret).toBe(intent?.client_secret)

    await cardPays(started.body.data.paymentIntentId)
    const before = t.clock.now()
    const confirmed = await confirmMembership(user, started.body.data.paymentId, {
      userId: user.id,
      planId: PLANS.pro,
      bookLimit: 1000,
      totalbooksListed: 0,
    })
    expect(confirmed.status).toBe(200)
    const m = confirmed.body.data.membership
    expect(m).toMatchObject({ planId: PLANS.pro, planName: 'Pro Strut', price: 15.99, bookLimit: 10 })
    const expiry = new Date(before)
    expiry.setUTCFullYear(expiry.getUTCFullYear() + 1)
    expect(m.expiryDate).toBe(expiry.toISOString())

    const view = await api().get(`/get/all/membershipsByUser?userId=${user.id}`, { token: user.token })
    expect(view.body.data.current).toMatchObject({ planId: PLANS.pro, amountPaid: 191.88 })
    expect(view.body.data.billingDetails).toEqual(billing)
    expect(
      (await api().get(`/get/single/user?userId=${user.id}`, { token: user.token })).body.data.membership,
    ).toMatchObject({
      planId: PLANS.pro,
      bookLimit: 10,
    })
  })

  it('ignores an amount and a price sent by the client', async () => {
    const user = await author()
    const res = await startPayment(user, PLANS.essential, { amount: 0.5, price: 0.01 })
    expect(res.status).toBe(200)
    expect(res.body.data.amount).toBe(71.88)
    expect(stand.intents.get(res.body.data.paymentIntentId)?.amount).toBe(7188)
  })

  it('credits the unused months of the current plan when upgrading again', async () => {
    const user = await author()
    await upgrade(user, PLANS.essential)
    // Same instant: 12 months unused, so Basic costs the difference of the two yearly charges.
    const res = await startPayment(user, PLANS.basic)
    expect(res.body.data.amount).toBe(48)
    await cardPays(res.body.data.paymentIntentId)
    await confirmMembership(user, res.body.data.paymentId)
    const all = await membershipsOf(user.id)
    expect(all.filter((m) => m.is_current)).toHaveLength(1)
    const view = await api().get(`/get/all/membershipsByUser?userId=${user.id}`, { token: user.token })
    expect(view.body.data.current.planId).toBe(PLANS.basic)
    expect(view.body.data.pastPlans.map((p: { planId: string }) => p.planId)).toEqual([PLANS.essential])
  })

  it('makes one payment and one PaymentIntent of a double click, and one membership of a repeated confirmation', async () => {
    const user = await author()
    const createdBefore = stand.created()
    const [a, b] = await Promise.all([startPayment(user, PLANS.basic), startPayment(user, PLANS.basic)])
    expect(a.body.data.paymentId).toBe(b.body.data.paymentId)
    expect(a.body.data.paymentIntentId).toBe(b.body.data.paymentIntentId)
    expect(stand.created() - createdBefore).toBe(1)
    expect(await paymentsOf(user.id)).toHaveLength(1)

    await cardPays(a.body.data.paymentIntentId)
    const answers = await Promise.all([1, 2, 3].map(() => confirmMembership(user, a.body.data.paymentId)))
    answers.forEach((r) => expect(r.status).toBe(200))
    expect((await membershipsOf(user.id)).filter((m) => m.payment_id !== null)).toHaveLength(1)
  })

  it('refuses a downgrade and a repeat of the plan in effect, before any PaymentIntent', async () => {
    const user = await author()
    await upgrade(user, PLANS.pro)
    const createdBefore = stand.created()
    for (const planId of [PLANS.basic, PLANS.pro, PLANS.starter]) {
      const res = await startPayment(user, planId)
      expect(res.status).toBe(409)
      expect(res.body.message).toBe('You can only upgrade to a plan that costs more than your current plan.')
    }
    expect(stand.created()).toBe(createdBefore)
  })
})

describe('a payment that fails or is not settled', () => {
  it('changes no membership when the card is declined, and says so', async () => {
    const user = await author()
    const started = await startPayment(user, PLANS.pro)
    await expect(
      browserStripe.paymentIntents.confirm(started.body.data.paymentIntentId, {
        payment_method: 'pm_card_chargeDeclined',
      }),
    ).rejects.toThrow('Your card was declined.')
    const res = await confirmMembership(user, started.body.data.paymentId)
    expect(res.status).toBe(402)
    expect(res.body).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Payment failed. Please try again.' })
    expect(await currentOf(user.id)).toBeUndefined()

    // Stripe's payment_failed webhook agrees, and changes no membership either.
    const event = stand.eventFor(started.body.data.paymentIntentId, 'payment_intent.payment_failed')
    expect((await sendWebhook(event, sign(event))).status).toBe(200)
    expect(await currentOf(user.id)).toBeUndefined()
    expect((await paymentsOf(user.id))[0]?.status).toBe('failed')

    // Another card on the same PaymentIntent (Stripe's way to retry) then goes through, once.
    const retry = await startPayment(user, PLANS.pro)
    expect(retry.body.data.paymentIntentId).toBe(started.body.data.paymentIntentId)
    await cardPays(retry.body.data.paymentIntentId)
    expect((await confirmMembership(user, retry.body.data.paymentId)).status).toBe(200)
    expect((await currentOf(user.id))?.plan_id).toBe(PLANS.pro)
  })

  it('answers 409 PAYMENT_PENDING for a payment not made yet, and changes nothing', async () => {
    const user = await author()
    const started = await startPayment(user, PLANS.basic)
    const res = await confirmMembership(user, started.body.data.paymentId)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('PAYMENT_PENDING')
    expect(await currentOf(user.id)).toBeUndefined()
  })
})

describe('the Stripe webhook', () => {
  async function paidAtStripe(user: User, planId: string) {
    const started = await startPayment(user, planId)
    await cardPays(started.body.data.paymentIntentId)
    return started.body.data as { paymentId: string; paymentIntentId: string }
  }

  it('applies a payment_intent.succeeded once, however often it comes, and the client call after it adds nothing', async () => {
    const user = await author()
    const paid = await paidAtStripe(user, PLANS.elite)
    const event = stand.eventFor(paid.paymentIntentId, 'payment_intent.succeeded')
    const first = await sendWebhook(event, sign(event))
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ received: true, duplicate: false })
    expect(await currentOf(user.id)).toMatchObject({ plan_id: PLANS.elite, book_limit: -1 })

    const again = await sendWebhook(event, sign(event))
    expect(again.body.data).toEqual({ received: true, duplicate: true })
    // Stripe may also send the same payment as a new event: still one membership.
    const other = stand.eventFor(paid.paymentIntentId, 'payment_intent.succeeded')
    expect((await sendWebhook(other, sign(other))).body.data.duplicate).toBe(false)
    expect((await confirmMembership(user, paid.paymentId)).status).toBe(200)
    expect(await membershipsOf(user.id)).toHaveLength(1)
  })

  it('refuses bad, stale and missing signatures and a body changed after signing, with nothing written', async () => {
    const user = await author()
    const paid = await paidAtStripe(user, PLANS.basic)
    const event = stand.eventFor(paid.paymentIntentId, 'payment_intent.succeeded')
    const eventsBefore = await stripeEvents()
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000)
    const tampered = event.replace(String(stand.intents.get(paid.paymentIntentId)?.amount), '1')
    const refused = [
      await sendWebhook(event, sign(event, { secret: 'whsec_not_ours' })),
      await sendWebhook(event, sign(event, { timestamp: nowSeconds - 301 })),
      await sendWebhook(event),
      await sendWebhook(event, 'v1=deadbeef'),
      await sendWebhook(tampered, sign(event)),
    ]
    refused.forEach((r) => expect(r).toMatchObject({ status: 400, body: { code: 'VALIDATION' } }))
    expect(await stripeEvents()).toBe(eventsBefore)
    expect(await currentOf(user.id)).toBeUndefined()

    // Within the 300 s tolerance the same event is accepted.
    const fresh = await sendWebhook(event, sign(event, { timestamp: nowSeconds - 299 }))
    expect(fresh.status).toBe(200)
    expect((await currentOf(user.id))?.plan_id).toBe(PLANS.basic)
  })

  it('ignores an event about an intent that is not ours, and a succeeded event whose amount differs', async () => {
    const user = await author()
    const paid = await paidAtStripe(user, PLANS.pro)
    const intent = stand.intents.get(paid.paymentIntentId)
    const forged = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, amount: 100 } },
    })
    expect((await sendWebhook(forged, sign(forged))).status).toBe(200)
    expect(await currentOf(user.id)).toBeUndefined()
  })
})

describe('who may pay, floods and hostile bodies', () => {
  it("refuses a forged userId (403), readers (403), anonymous callers (401) and another account's payment (404)", async () => {
    const owner = await author()
    const other = await author()
    const reader = await buildUser(t.app.db, { role: 'reader' })
    expect((await startPayment(other, PLANS.pro, { userId: owner.id })).status).toBe(403)
    const readerTry = await startPayment(reader, PLANS.pro)
    expect(readerTry.status).toBe(403)
    expect(readerTry.body.message).toBe('Only authors and publishers can buy a plan.')
    expect((await api().post('/create/payment-intent', { planId: PLANS.pro, billing })).status).toBe(401)

    const started = await startPayment(owner, PLANS.pro)
    await cardPays(started.body.data.paymentIntentId)
    expect((await confirmMembership(other, started.body.data.paymentId)).status).toBe(404)
    expect((await confirmMembership(other, started.body.data.paymentId, { userId: owner.id })).status).toBe(
      403,
    )
    expect(await currentOf(other.id)).toBeUndefined()
    expect(await currentOf(owner.id)).toBeUndefined()
    expect(await paymentsOf(reader.id)).toHaveLength(0)
  })

  it('answers hostile bodies with a clear 400 and writes nothing', async () => {
    const user = await author()
    const bodies: unknown[] = [
      { planId: 'not-an-id', billing },
      { planId: PLANS.pro },
      { planId: PLANS.pro, billing: { ...billing, name: '' } },
      { planId: PLANS.pro, billing, bookLimit: -1 },
      { planId: PLANS.pro, billing: { ...billing, email: 'x'.repeat(10_000) } },
      [PLANS.pro],
    ]
    for (const body of bodies) {
      const res = await api().post('/create/payment-intent', body, { token: user.token })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('VALIDATION')
    }
    expect((await confirmMembership(user, 'f'.repeat(24), { planId: 'nope' })).status).toBe(400)
    expect(await paymentsOf(user.id)).toHaveLength(0)
  })

  it('limits payment calls per account: the 31st in an hour is 429, before any SQL or Stripe call', async () => {
    const user = await author()
    await upgrade(user, PLANS.elite) // 2 calls
    const createdBefore = stand.created()
    for (let i = 0; i < 28; i++) expect((await startPayment(user, PLANS.basic)).status).toBe(409)
    const limited = await startPayment(user, PLANS.basic)
    expect(limited.status).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(stand.created()).toBe(createdBefore)
    // Another account is not affected.
    expect((await startPayment(await author(), PLANS.basic)).status).toBe(200)
  })
})

describe('the book limit follows the plan at once', () => {
  const fields = LIGHTHOUSE_FIELDS
  const listBook = (user: User) => {
    const fd = new FormData()
    Object.entries(fields).forEach(([k, v]) => fd.append(k, v))
    fd.append('bookCoverImage', new Blob([png]), 'cover.png')
    return t.app
      .inject({
        method: 'POST',
        url: '/api/v1/create/podcast',
        headers: { authorization: `Bearer ${user.token}` },
        payload: fd,
      })
      .then((r) => ({ status: r.statusCode, body: r.json() }))
  }

  it('lets an author who moved from Starter to Basic list a fifth book, not a sixth', async () => {
    const user = await author()
    expect((await listBook(user)).status).toBe(201)
    const onStarter = await listBook(user)
    expect(onStarter).toMatchObject({ status: 403, body: { code: 'PLAN_LIMIT' } })

    await upgrade(user, PLANS.basic)
    for (let i = 0; i < 3; i++) await buildListing(t.app.db, { create_by: user.id })
    expect((await listBook(user)).status).toBe(201) // the fifth
    const sixth = await listBook(user)
    expect(sixth).toMatchObject({ status: 403, body: { code: 'PLAN_LIMIT', data: { bookLimit: 5 } } })
  })
})

describe('a second payment superseded by the first (two tabs, two plans)', () => {
  const refundsOf = (intentId: string) =>
    [...stand.refunds.values()].filter((r) => r.payment_intent === intentId)

  /** Starts Pro and Basic from Starter and pays both at Stripe: Pro is applied first, so Basic is superseded. */
  async function twoPaid(user: User) {
    const pro = await startPayment(user, PLANS.pro)
    const basic = await startPayment(user, PLANS.basic)
    await cardPays(pro.body.data.paymentIntentId)
    await cardPays(basic.body.data.paymentIntentId)
    expect((await confirmMembership(user, pro.body.data.paymentId)).status).toBe(200)
    return basic.body.data as { paymentId: string; paymentIntentId: string; amount: number }
  }

  it('refunds it in full, once, when the client reports it, and keeps the higher plan', async () => {
    const user = await author()
    const basic = await twoPaid(user)
    const res = await confirmMembership(user, basic.paymentId)
    expect(res.status).toBe(409)
    expect(res.body.message).toContain('refunded')
    const refunds = refundsOf(basic.paymentIntentId)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({
      amount: Math.round(basic.amount * 100),
      reason: 'duplicate',
      metadata: { paymentId: basic.paymentId },
    })
    expect(await currentOf(user.id)).toMatchObject({ plan_id: PLANS.pro })
    expect((await paymentsOf(user.id)).find((p) => p.id === basic.paymentId)?.status).toBe('superseded')

    // Asking again, or Stripe's webhook about it coming later: no second refund.
    expect((await confirmMembership(user, basic.paymentId)).status).toBe(409)
    const event = stand.eventFor(basic.paymentIntentId, 'payment_intent.succeeded')
    expect((await sendWebhook(event, sign(event))).status).toBe(200)
    expect(refundsOf(basic.paymentIntentId)).toHaveLength(1)
  })

  it('refunds it when the webhook is the first to hear of it, once however often the event comes', async () => {
    const user = await author()
    const basic = await twoPaid(user)
    const event = stand.eventFor(basic.paymentIntentId, 'payment_intent.succeeded')
    expect((await sendWebhook(event, sign(event))).body.data).toEqual({ received: true, duplicate: false })
    expect((await sendWebhook(event, sign(event))).body.data.duplicate).toBe(true)
    expect(refundsOf(basic.paymentIntentId)).toHaveLength(1)
    expect(await currentOf(user.id)).toMatchObject({ plan_id: PLANS.pro })
  })
})

describe('the Stripe stand-in refunds as Stripe does', () => {
  it('answers a repeat under the same idempotency key with the first refund, and refuses a second refund', async () => {
    const user = await author()
    const started = await startPayment(user, PLANS.essential)
    const intentId = started.body.data.paymentIntentId as string
    await expect(browserStripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({
      code: 'charge_not_refundable',
    })
    await cardPays(intentId)
    const first = await browserStripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: 'k1' })
    const repeat = await browserStripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: 'k1' })
    expect(repeat.id).toBe(first.id)
    await expect(
      browserStripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: 'k2' }),
    ).rejects.toMatchObject({ code: 'charge_already_refunded' })
  })
})

describe('the payment configuration for the browser', () => {
  it('serves the publishable key at run time to anybody, signed in or not', async () => {
    const res = await api().get('/get/payment/config')
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ publishableKey: 'pk_test_standin' })
  })
})

describe('without STRIPE_SECRET_KEY', () => {
  it("answers the spec's message and writes nothing", async () => {
    const bare = await buildTestApp({ STRIPE_PUBLISHABLE_KEY: 'pk_test_orphan' })
    try {
      const config = await client(bare.app).get('/get/payment/config')
      expect(config.body.data).toEqual({ publishableKey: null })
      const user = await buildUser(bare.app.db, { role: 'author' })
      const res = await client(bare.app).post(
        '/create/payment-intent',
        { planId: PLANS.pro, billing },
        { token: user.token },
      )
      expect(res.status).toBe(503)
      expect(res.body).toMatchObject({
        code: 'PAYMENT_NOT_CONFIGURED',
        message: 'Payment system is not properly configured. Please contact support.',
      })
      const quote = await client(bare.app).get(`/get/membership/quote?planId=${PLANS.pro}`, {
        token: user.token,
      })
      expect(quote.body.data).toMatchObject({ amount: 191.88, paymentsConfigured: false })
      const hook = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      })
      expect(hook.statusCode).toBe(503)
      const written = await bare.app.db.selectFrom('payments').select('id').execute()
      expect(written).toHaveLength(0)
    } finally {
      await bare.close()
    }
  })
})
