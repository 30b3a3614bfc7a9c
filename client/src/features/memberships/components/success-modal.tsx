import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import shared from './memberships-shared.module.css'

/** After a confirmed payment: "Payment Successful!" and the plan now in effect. */
export function SuccessModal({ planName, onClose }: { planName: string | null; onClose: () => void }) {
  return (
    <Modal open={planName !== null} onClose={onClose} size="sm" title="Payment Successful!">
      <div className={`stack ${shared['success-modal']}`}>
        <p>Your plan is now {planName}. Your new book limit applies at once.</p>
        <Button data-autofocus onClick={onClose}>
          Continue
        </Button>
      </div>
    </Modal>
  )
}
