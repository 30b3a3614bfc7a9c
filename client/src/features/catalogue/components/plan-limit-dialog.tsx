import { useNavigate } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { paths } from '@/config/paths'

/** The plan's book limit is reached (spec section 4): Upgrade goes to /membership, Cancel closes. */
export function PlanLimitDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  return (
    <Modal open onClose={onClose} size="sm" title="Your plan has expired" className="modal--warning">
      <div className="stack">
        <p>Please upgrade your plan to continue.</p>
        <div className="button-pair">
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
