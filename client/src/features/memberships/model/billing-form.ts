import type { BillingDetails } from '@bookstrut/schemas'

/** The spec's payment form messages (section 5) and the missing-configuration message (section 8). */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.'
export const CARD_UNAVAILABLE_MESSAGE = 'Payment method is not available.'

export type BillingValues = BillingDetails

export const emptyBilling = (email = ''): BillingValues => ({
  name: '',
  email,
  address_line1: '',
  address_city: '',
  country: '',
  address_state: '',
  address_zip: '',
})

/** Required: cardholder name, email, street address, city, country and state; the postal code is optional. */
export const REQUIRED_BILLING_FIELDS = [
  'name',
  'email',
  'address_line1',
  'address_city',
  'country',
  'address_state',
] as const satisfies readonly (keyof BillingValues)[]

/** The trimmed values, or the spec's message when a required field is blank (no e-mail format check here). */
export function checkBilling(
  values: BillingValues,
): { ok: true; billing: BillingValues } | { ok: false; message: string } {
  const billing: BillingValues = {
    name: values.name.trim(),
    email: values.email.trim(),
    address_line1: values.address_line1.trim(),
    address_city: values.address_city.trim(),
    country: values.country.trim(),
    address_state: values.address_state.trim(),
    address_zip: values.address_zip.trim(),
  }
  if (REQUIRED_BILLING_FIELDS.some((f) => billing[f] === ''))
    return { ok: false, message: REQUIRED_FIELDS_MESSAGE }
  return { ok: true, billing }
}
