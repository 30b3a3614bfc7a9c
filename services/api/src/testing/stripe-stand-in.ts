import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'

/*
 * A local stand-in for the part of Stripe's HTTP API we use, on loopback: form-encoded POST /v1/payment_intents
 * (Idempotency-Key honoured as Stripe does: a repeat answers the first result, a repeat with other parameters is a
 * 400 idempotency_error), GET /v1/payment_intents/:id and POST /v1/payment_intents/:id/confirm with Stripe's test
 * payment methods (pm_card_visa succeeds, pm_card_chargeDeclined is declined), and POST /v1/refunds (a full refund of
 * a succeeded PaymentIntent, Idempotency-Key honoured the same way). The real `stripe` client talks to it;
 * only host, port and protocol differ. It also makes the events Stripe would send to our webhook.
 */

export interface StandInIntent {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  status: 'requires_payment_method' | 'processing' | 'succeeded'
  client_secret: string
  metadata: Record<string, string>
  receipt_email: string | null
  description: string | null
  last_payment_error: { code: string; message: string; type: string } | null
  created: number
  livemode: false
}

export interface StandInRefund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  reason: string | null
  status: 'succeeded'
  metadata: Record<string, string>
  created: number
}

export interface StripeStandIn {
  /** STRIPE_API_BASE for the app under test */
  apiBase: string
  secretKey: string
  port: number
  intents: Map<string, StandInIntent>
  /** the refunds made, by id */
  refunds: Map<string, StandInRefund>
  /** POST /v1/payment_intents calls that made a new intent (a repeat under an idempotency key makes none) */
  created(): number
  /** the event Stripe would send about an intent, as JSON text (what the webhook receives) */
  eventFor(intentId: string, type: string, eventId?: string): string
  /** the intent as if Stripe took a while to settle it (status `processing`) */
  setStatus(intentId: string, status: StandInIntent['status']): void
  close(): Promise<void>
}

const newStripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Stripe's form encoding: `metadata[paymentId]=…` becomes `metadata.paymentId`; lists are kept as given. */
function parseForm(text: string) {
  const flat: Record<string, string> = {}
  const metadata: Record<string, string> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const meta = /^metadata\[(.+)\]$/.exec(key)
    if (meta?.[1]) metadata[meta[1]] = value
    else flat[key] = value
  }
  return { flat, metadata }
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newStripeId('req') })
  res.end(JSON.stringify(body))
}
const stripeError = (res: ServerResponse, status: number, type: string, message: string, code?: string) =>
  send(res, status, { error: { type, message, ...(code ? { code } : {}) } })

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_standin${randomBytes(8).toString('hex')}`
  const intents = new Map<string, StandInIntent>()
  const refunds = new Map<string, StandInRefund>()
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>()
  let createdCount = 0

  function createIntent(form: ReturnType<typeof parseForm>): [number, unknown] {
    const amount = Number(form.flat.amount)
    if (!Number.isInteger(amount) || amount < 50)
      return [400, { error: { type: 'invalid_request_error', message: 'Amount must be at least 50 cents' } }]
    const id = newStripeId('pi')
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency: form.flat.currency ?? 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata: form.metadata,
      receipt_email: form.flat.receipt_email ?? null,
      description: form.flat.description ?? null,
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    }
    intents.set(id, intent)
    createdCount += 1
    return [200, intent]
  }

  function createRefund(form: ReturnType<typeof parseForm>): [number, unknown] {
    const intent = intents.get(form.flat.payment_intent ?? '')
    if (!intent)
      return [
        404,
        {
          error: {
            type: 'invalid_request_error',
            message: 'No such payment_intent',
            code: 'resource_missing',
          },
        },
      ]
    if (intent.status !== 'succeeded')
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            message: 'This PaymentIntent does not have a successful charge to refund.',
            code: 'charge_not_refundable',
          },
        },
      ]
    if ([...refunds.values()].some((r) => r.payment_intent === intent.id))
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            message: `Charge for ${intent.id} has already been refunded.`,
            code: 'charge_already_refunded',
          },
        },
      ]
    const refund: StandInRefund = {
      id: newStripeId('re'),
      object: 'refund',
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intent.id,
      reason: form.flat.reason ?? null,
      status: 'succeeded',
      metadata: form.metadata,
      created: Math.floor(Date.now() / 1000),
    }
    refunds.set(refund.id, refund)
    return [200, refund]
  }

  /** Stripe's Idempotency-Key: a repeat answers the first result; other parameters under the same key are a 400. */
  function idempotently(
    req: IncomingMessage,
    res: ServerResponse,
    text: string,
    make: () => [number, unknown],
  ) {
    const key = req.headers['idempotency-key']
    const seen = typeof key === 'string' ? idempotent.get(`${req.url}:${key}`) : undefined
    if (seen && seen.params !== text)
      return stripeError(
        res,
        400,
        'idempotency_error',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      )
    if (seen) return send(res, seen.status, seen.body)
    const [status, body] = make()
    if (typeof key === 'string') idempotent.set(`${req.url}:${key}`, { params: text, status, body })
    return send(res, status, body)
  }

  function confirm(res: ServerResponse, intent: StandInIntent, paymentMethod: string | undefined) {
    if (intent.status === 'succeeded')
      return stripeError(res, 400, 'invalid_request_error', 'This PaymentIntent has already succeeded.')
    if (paymentMethod === 'pm_card_chargeDeclined') {
      intent.last_payment_error = {
        code: 'card_declined',
        message: 'Your card was declined.',
        type: 'card_error',
      }
      intent.status = 'requires_payment_method'
      return stripeError(res, 402, 'card_error', 'Your card was declined.', 'card_declined')
    }
    intent.status = 'succeeded'
    intent.last_payment_error = null
    return send(res, 200, intent)
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.')
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const text = await readBody(req)
    const form = parseForm(text)
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents')
      return idempotently(req, res, text, () => createIntent(form))
    if (req.method === 'POST' && url.pathname === '/v1/refunds')
      return idempotently(req, res, text, () => createRefund(form))
    const match = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)(\/confirm)?$/.exec(url.pathname)
    const intent = match?.[1] ? intents.get(match[1]) : undefined
    if (!match)
      return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${url.pathname}).`)
    if (!intent)
      return stripeError(res, 404, 'invalid_request_error', 'No such payment_intent', 'resource_missing')
    if (req.method === 'GET' && !match[2]) return send(res, 200, intent)
    if (req.method === 'POST' && match[2]) return confirm(res, intent, form.flat.payment_method)
    return stripeError(res, 405, 'invalid_request_error', 'Method not allowed')
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => stripeError(res, 500, 'api_error', String(err)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    apiBase: `http://127.0.0.1:${port}`,
    secretKey,
    port,
    intents,
    refunds,
    created: () => createdCount,
    eventFor(intentId, type, eventId = newStripeId('evt')) {
      const intent = intents.get(intentId)
      if (!intent) throw new Error(`no intent ${intentId}`)
      return JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        data: { object: intent },
      })
    },
    setStatus(intentId, status) {
      const intent = intents.get(intentId)
      if (intent) intent.status = status
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
