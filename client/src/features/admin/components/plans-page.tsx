import { useState, type FormEvent } from 'react'
import type { Plan } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { ListStates } from '@/components/ui/list-states'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAllPlans, useUpdatePlan } from '../api/admin-plans'
import { AdminHead } from './admin-layout'
import { ConfirmWrite } from './confirm-write'
import styles from './admin.module.css'
import { FormError } from '@/components/ui/form-error'

const FREE_PLAN_ID = '0000000000000000000000a1'

/** What the form would change, checked as the server checks it, so the admin reads the reason before sending. */
export function planChanges(plan: Plan, price: string, bookLimit: string) {
  const errors: { price?: string; bookLimit?: string } = {}
  const body: { price?: number; bookLimit?: number } = {}
  const p = Number(price)
  if (price.trim() === '' || !Number.isFinite(p)) errors.price = 'Enter a price in USD, e.g. 9.99.'
  else if (!/^\d+(\.\d{1,2})?$/.test(price.trim())) errors.price = 'At most two decimals.'
  else if (plan._id === FREE_PLAN_ID && p !== 0) errors.price = 'The free plan stays free (0).'
  else if (plan._id !== FREE_PLAN_ID && p < 1) errors.price = 'A paid plan costs at least 1.00 a month.'
  else if (p !== plan.price) body.price = p
  const l = Number(bookLimit)
  if (!Number.isInteger(l) || l === 0 || l < -1 || l > 100_000)
    errors.bookLimit = '-1 (unlimited) or 1 to 100000.'
  else if (l !== plan.bookLimit) body.bookLimit = l
  return { errors, body }
}

function PlanRow({ plan }: { plan: Plan }) {
  const [price, setPrice] = useState(String(plan.price))
  const [bookLimit, setBookLimit] = useState(String(plan.bookLimit))
  const [confirming, setConfirming] = useState<null | {
    price?: number
    bookLimit?: number
    status?: boolean
  }>(null)
  const [serverError, setServerError] = useState<string | undefined>()
  const update = useUpdatePlan()
  const { errors, body } = planChanges(plan, price, bookLimit)
  const changed = Object.keys(body).length > 0
  const fields = [
    {
      label: 'Price (USD a month)',
      inputMode: 'decimal',
      hint: undefined,
      value: price,
      error: errors.price,
      set: setPrice,
    },
    {
      label: 'Book limit',
      inputMode: 'numeric',
      hint: '-1 = unlimited',
      value: bookLimit,
      error: errors.bookLimit,
      set: setBookLimit,
    },
  ] as const
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!errors.price && !errors.bookLimit && changed) setConfirming(body)
  }
  return (
    <li className={styles.card}>
      <form className="stack" onSubmit={submit} noValidate aria-label={plan.planName}>
        <div className={styles.actions}>
          <strong>{plan.planName}</strong>
          <span className={plan.status ? `${styles.tag} ${styles.tagGood}` : styles.tag}>
            {plan.status ? 'On sale' : 'Withdrawn'}
          </span>
        </div>
        <div className={styles.toolbar}>
          {fields.map((f) => (
            <TextField
              key={f.label}
              label={f.label}
              inputMode={f.inputMode}
              hint={f.hint}
              value={f.value}
              error={f.error}
              onChange={(e) => {
                f.set(e.target.value)
                setServerError(undefined)
              }}
            />
          ))}
        </div>
        <FormError>{serverError}</FormError>
        <div className={styles.actions}>
          <Button type="submit" size="sm" disabled={!changed || Boolean(errors.price || errors.bookLimit)}>
            Save
          </Button>
          {plan._id !== FREE_PLAN_ID && (
            <Button
              size="sm"
              variant={plan.status ? 'danger' : 'secondary'}
              onClick={() => setConfirming({ status: !plan.status })}
            >
              {plan.status ? 'Withdraw from sale' : 'Put on sale'}
            </Button>
          )}
        </div>
      </form>
      {confirming && (
        <ConfirmWrite
          title={`Change ${plan.planName}?`}
          confirmLabel="Save"
          tone={confirming.status === false ? 'danger' : 'primary'}
          write={update}
          input={{ planId: plan._id, ...confirming }}
          done={`${plan.planName} updated`}
          onClose={() => setConfirming(null)}
          // The server's validation message names the field (e.g. "price: …").
          onError={(err) => setServerError(err instanceof ApiError ? err.message : errorMessage(err))}
        >
          {confirming.price !== undefined && (
            <p>
              Price: {plan.price} → {confirming.price} USD a month.
            </p>
          )}
          {confirming.bookLimit !== undefined && (
            <p>
              Book limit: {plan.bookLimit} → {confirming.bookLimit}.
            </p>
          )}
          {confirming.status !== undefined && (
            <p>{confirming.status ? 'Put on sale again.' : 'Withdraw from sale.'}</p>
          )}
          <p className="muted">Memberships already bought keep their terms.</p>
        </ConfirmWrite>
      )}
    </li>
  )
}

/** /admin/plans: the plan catalogue, on sale and withdrawn; price, book limit and sale status. */
export function PlansPage() {
  useDocumentTitle('Plans · Admin')
  const plans = useAllPlans()
  return (
    <>
      <AdminHead
        title="Plans"
        lead="The plan catalogue. Changes apply to new purchases; the membership page shows them at once."
      />
      <ListStates
        query={plans}
        rows={plans.data ?? []}
        loadingLabel="Loading plans"
        failedMessage="Failed to fetch plans"
        empty={<p>No plans.</p>}
      >
        {(rows) => (
          <ul className={`stack ${styles.plainList}`}>
            {rows.map((p) => (
              <PlanRow key={`${p._id}-${p.price}-${p.bookLimit}-${p.status}`} plan={p} />
            ))}
          </ul>
        )}
      </ListStates>
    </>
  )
}
