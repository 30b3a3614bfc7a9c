/** Client configuration. The API is same-origin (Vite proxies /api and /media in dev and preview). */
export const env = {
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api/v1',
  /** Where Stripe.js is loaded from (a stand-in script in end-to-end tests). */
  stripeJsUrl: (import.meta.env.VITE_STRIPE_JS_URL as string | undefined) ?? 'https://js.stripe.com/v3',
} as const
