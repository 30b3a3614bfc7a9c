import { TextField } from '@/components/ui/field'
import type { BillingValues } from '../model/billing-form'
import styles from './billing-fields.module.css'

const fields: readonly { key: keyof BillingValues; label: string; autoComplete: string }[] = [
  { key: 'name', label: 'Cardholder name', autoComplete: 'cc-name' },
  { key: 'email', label: 'Email', autoComplete: 'email' },
  { key: 'address_line1', label: 'Street address', autoComplete: 'address-line1' },
  { key: 'address_city', label: 'City', autoComplete: 'address-level2' },
  { key: 'country', label: 'Country', autoComplete: 'country-name' },
  { key: 'address_state', label: 'State / Province / Region', autoComplete: 'address-level1' },
  { key: 'address_zip', label: 'Postal code (optional)', autoComplete: 'postal-code' },
]

/** The billing fields of the payment form (spec section 3 "Payment billing form"). */
export function BillingFields({
  values,
  onChange,
}: {
  values: BillingValues
  onChange: (key: keyof BillingValues, value: string) => void
}) {
  return (
    <div className={styles['billing-fields']}>
      {fields.map(({ key, label, autoComplete }) => (
        <TextField
          key={key}
          label={label}
          name={key}
          autoComplete={autoComplete}
          value={values[key]}
          maxLength={key === 'address_zip' ? 20 : 200}
          onChange={(e) => onChange(key, e.target.value)}
        />
      ))}
    </div>
  )
}
