import { useNavigate } from 'react-router-dom'
import type { PlanStanding } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { paths } from '@/config/paths'
import { limitDialogText } from '@/lib/plan-texts'
import { form } from '@/components/ui/form'

/**
 * No new listing under the plan in effect (spec section 4): Upgrade goes to /membership, Cancel closes. The spec's
 * title "Your plan has expired" only when it has; a running plan at its limit says so (lib/plan-texts.ts).
 */
export function PlanLimitDialog({ standing, onClose }: { standing: PlanStanding; onClose: () => void }) {
  const navigate = useNavigate()
  const text = limitDialogText(standing)
  return (
    <Modal open onClose={onClose} size="sm" title={text.title} tone="warning">
      <div className="stack">
        <p>{text.body}</p>
        <div className={form.buttonPair}>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              onClose()
              void navigate(paths.membership)
            }}
          >
            Upgrade
          </Button>
        </div>
      </div>
    </Modal>
  )
}
