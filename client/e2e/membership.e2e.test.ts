import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import { startStripeStandIn, type StripeStandIn } from '@bookstrut/api/testing'
import { launchBrowser, postListing, screenshot, signUpAuthor, startApp } from './harness.js'

/*
 * An author upgrades from Starter to Pro by card against the Stripe stand-in (`@bookstrut/api/testing`): the app's
 * server talks to the stand-in through the real `stripe` client; in the browser, js.stripe.com and api.stripe.com
 * are routed to a small Stripe.js stand-in (below) that confirms the PaymentIntent at the stand-in as Stripe.js
 * would. The server is given a publishable key at run time (STRIPE_PUBLISHABLE_KEY), as a deployment with payments
 * is; the client reads it from GET /get/payment/config, so the usual build serves.
 */

const PUBLISHABLE_KEY = 'pk_test_standin'

/** Stripe.js as far as the payment modal uses it: a card element and confirmCardPayment. */
const stripeJsStandIn = `
window.Stripe = function (key) {
  return {
    elements: function () {
      return {
        create: function () {
          var input = document.createElement('input')
          input.setAttribute('aria-label', 'Card number')
          input.autocomplete = 'cc-number'
          return {
            input: input,
            mount: function (el) { el.appendChild(input) },
            destroy: function () { input.remove() },
          }
        },
      }
    },
    confirmCardPayment: function (secret, data) {
      var id = secret.split('_secret_')[0]
      var number = data.payment_method.card.input.value.replace(/\\s/g, '')
      var pm = number === '4000000000000002' ? 'pm_card_chargeDeclined' : 'pm_card_visa'
      return fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'payment_method=' + pm + '&client_secret=' + encodeURIComponent(secret) + '&key=' + key,
      })
        .then(function (r) { return r.json() })
        .then(function (b) { return b.error ? { error: b.error } : { paymentIntent: b } })
    },
  }
}
`

let stand: StripeStandIn
let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
const savedEnv = { ...process.env }

beforeAll(async () => {
  stand = await startStripeStandIn()
  Object.assign(process.env, {
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_SECRET_KEY: stand.secretKey,
    STRIPE_API_BASE: stand.apiBase,
  })
  app = await startApp()
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  process.env = savedEnv
  await browser?.close()
  await app?.stop()
  await stand?.close()
})

/** The browser's side of Stripe: the script and its API calls, answered by the stand-in. */
async function routeStripe(context: BrowserContext) {
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: stripeJsStandIn }),
  )
  await context.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url())
    const response = await route.fetch({
      url: `${stand.apiBase}${url.pathname}`,
      headers: {
        authorization: `Bearer ${stand.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    })
    await route.fulfill({ response, headers: { 'access-control-allow-origin': '*' } })
  })
}

let books = 0
/** A listing through the API, as the upload form sends it. */
async function listBook(token: string) {
  books += 1
  const fields = {
    title: `The Salt Road ${books}`,
    author: 'Rosa Vance',
    categoryName: 'Literary Fiction',
    primary_key: 'A salt merchant crosses the desert with a secret cargo',
    secondary_key: 'Two rival caravans must share one failing well',
    additional_key: 'A map drawn on a wedding veil leads to a lost city',
    description:
      'Across a desert of shifting dunes, a salt merchant and her rival discover that the old trade road hides a city.',
    publisher: 'Dune Press',
    get_this_url: 'books.example/salt-road',
    year_published: '2020',
    language: 'en-US',
  }
  const res = await postListing(app, token, fields)
  return { status: res.status, body: (await res.json()) as { code?: string } }
}

const longDate = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })

it('an author upgrades from Starter to Pro by card, and a second listing is accepted', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await routeStripe(context)
  const page = await context.newPage()

  await page.goto(`${app.baseUrl}/membership`)
  await page.getByRole('button', { name: 'Please login first' }).waitFor()
  await screenshot(page, 'membership-anonymous')

  const email = `upgrade.${Date.now()}@example.com`
  await signUpAuthor(page, app, { email, firstName: 'Rosa', lastName: 'Vance' })
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '')
  expect((await listBook(token)).status).toBe(201)
  expect(await listBook(token)).toMatchObject({ status: 403, body: { code: 'PLAN_LIMIT' } })

  await page.goto(`${app.baseUrl}/membership`)
  await page.locator('label', { has: page.getByRole('radio', { name: 'Pro Strut', exact: true }) }).click()
  await page.getByRole('button', { name: 'Upgrade Now' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro Strut' })
  const pay = dialog.getByRole('button', { name: 'Pay $191.88' })
  await pay.waitFor()
  await expect.poll(() => dialog.getByLabel('Email').inputValue(), { timeout: 20_000 }).toBe(email)
  await dialog.getByLabel('Cardholder name').fill('Rosa Vance')
  await dialog.getByLabel('Street address').fill('12 Harbour Road')
  await dialog.getByLabel('City').fill('Portland')
  await dialog.getByLabel('Country').fill('US')
  await dialog.getByLabel('State / Province / Region').fill('OR')
  // A declined card: Stripe's message, no plan change; the same payment is then retried with a good card.
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002')
  await pay.click()
  await dialog.getByText('Your card was declined.').waitFor()
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242')
  await dialog.getByText('Your card details go straight to our payment provider').waitFor()
  await screenshot(page, 'membership-payment')
  await pay.click()
  await page.getByRole('dialog', { name: 'Payment Successful!' }).waitFor()
  await screenshot(page, 'membership-success')
  expect(stand.created()).toBe(1)

  await page.goto(`${app.baseUrl}/profile-membership`)
  await expect.poll(() => page.getByTestId('current-plan-name').textContent()).toBe('Pro Strut')
  const expiry = new Date()
  expiry.setFullYear(expiry.getFullYear() + 1)
  expect(await page.getByTestId('current-plan-expiry').textContent()).toBe(longDate(expiry))
  await page.getByRole('region', { name: 'Billing details' }).getByText('Rosa Vance').waitFor()
  await screenshot(page, 'my-membership-pro')

  expect((await listBook(token)).status).toBe(201)
  await page.goto(`${app.baseUrl}/profile-listings`)
  await page.getByRole('button', { name: /Add Listing\s*2 of 10 listed/ }).waitFor()

  // The plans on a phone: Pro and Starter greyed out now, Elite still open.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${app.baseUrl}/membership`)
  await expect.poll(() => page.getByRole('radio', { name: 'Pro Strut' }).isDisabled()).toBe(true)
  expect(await page.getByRole('radio', { name: 'Elite Strut' }).isDisabled()).toBe(false)
  await screenshot(page, 'membership-phone')
  await context.close()
})
