/**
 * The Stripe stand-in as its own process, for runs of the whole app (scripts/fuzz-ci.sh): prints
 * `<STRIPE_API_BASE> <STRIPE_SECRET_KEY>` on one line and serves until it is killed.
 */
import { startStripeStandIn } from './stripe-stand-in.js'

const standIn = await startStripeStandIn()
process.stdout.write(`${standIn.apiBase} ${standIn.secretKey}\n`)
setInterval(() => undefined, 60_000)
