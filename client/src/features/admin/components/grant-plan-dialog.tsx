import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import type { AdminUser, AdminUserDetail, GrantKind } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { SelectField, TextAreaField, TextField } from '@/components/ui/field'
import { form } from '@/components/ui/form'
import { Modal } from '@/components/ui/modal'
import { errorMessage } from '@/lib/api-client'
import { useAllPlans } from '../api/admin-plans'
import { useGrantPlan } from '../api/admin-users'

const DAY = 86_400_000
/** A calendar day (UTC) `days` from now, as the date field and the API write it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

/**
 * An admin grants a member a plan (issue 48): a paid plan for nothing until a date (complimentary), or the plan they
 * hold ending later (extended). The reason is shown to the member in My Membership; the server checks every rule.
 */
export function GrantPlanDialog({
  user,
  plan,
  onClose,
}: {
  user: AdminUser
  plan: AdminUserDetail['plan']
  onClose: () => void
}) {
  const plans = useAllPlans()
  const paidPlans = (plans.data ?? []).filter((p) => p.price > 0)
  const canExtend = plan !== null && (plan.planPrice ?? 0) > 0 && plan.expiryDate !== null
  const [kind, setKind] = useState<GrantKind>('complimentary')
  const [planId, setPlanId] = useState('')
  const [endDate, setEndDate] = useState(dayFromNow(90))
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const grant = useGrantPlan()
  const chosenPlan = planId || paidPlans.at(-1)?._id || ''

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (reason.trim().length < 3)
      return setError('Write the reason the member will read (3 characters or more).')
    grant.mutate(
      {
        userId: user.id,
        kind,
        ...(kind === 'complimentary' ? { planId: chosenPlan } : {}),
        endDate,
        reason: reason.trim(),
      },
      {
        onSuccess: () => {
          toast.success('Plan granted')
          onClose()
        },
        onError: (err) => setError(errorMessage(err)),
      },
    )
  }

  return (
    <Modal open onClose={onClose} title={`Grant ${user.email} a plan`} size="sm">
      <form className="stack" onSubmit={submit} noValidate>
        <SelectField
          label="Kind"
          options={[
            { value: 'complimentary', label: 'Complimentary: a paid plan for nothing' },
            ...(canExtend
              ? [{ value: 'extended', label: `Extend ${plan?.planName ?? 'the plan held'}` }]
              : []),
          ]}
          value={kind}
          onChange={(e) => setKind(e.target.value as GrantKind)}
        />
        {kind === 'complimentary' && (
          <SelectField
            label="Plan"
            options={paidPlans.map((p) => ({ value: p._id, label: p.planName }))}
            value={chosenPlan}
            onChange={(e) => setPlanId(e.target.value)}
          />
        )}
        <TextField
          label="Ends on"
          type="date"
          required
          min={dayFromNow(1)}
          value={endDate}
          hint="The plan ends at the end of this day (UTC); then the member is back on the free plan."
          onChange={(e) => setEndDate(e.target.value)}
        />
        <TextAreaField
          label="Reason shown to the member"
          hint="They read it in My Membership; the audit log keeps it."
          rows={3}
          maxLength={500}
          value={reason}
          error={error}
          data-autofocus
          onChange={(e) => {
            setReason(e.target.value)
            setError(undefined)
          }}
        />
        <div className={form.buttonPair}>
          <Button variant="ghost" onClick={onClose} disabled={grant.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={grant.isPending}>
            Grant plan
          </Button>
        </div>
      </form>
    </Modal>
  )
}
