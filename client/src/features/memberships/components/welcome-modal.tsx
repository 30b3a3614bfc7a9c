import { useNavigate } from 'react-router-dom'
import type { PlanStanding } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { paths } from '@/config/paths'
import { welcomeText } from '@/lib/plan-texts'
import { form } from '@/components/ui/form'

export const WELCOME_TITLE = 'Welcome to BookStrut!'

/**
 * The Welcome modal for a new free-plan author or publisher (its content is not in the spec): what the free plan
 * includes (worded from the account's plan standing) and where to go next. Any way of closing it counts as seen. It is not counted among the open dialogs
 * (open-modals.ts): it waits for them instead.
 */
export function WelcomeModal({ standing, onClose }: { standing: PlanStanding; onClose: () => void }) {
  const navigate = useNavigate()
  const text = welcomeText(standing)
  return (
    <Modal open onClose={onClose} size="sm" title={WELCOME_TITLE} counted={false}>
      <div className="stack">
        <p>{text.lead}</p>
        <p className="muted">
          Want more titles, YouTube and TikTok links and analytics? A paid plan lists more.
        </p>
        <div className={`${form.buttonPair} ${form.buttonPairStack}`}>
          <Button
            onClick={() => {
              onClose()
              void navigate(text.action === 'List My First Book' ? paths.uploadBook : paths.profileListings)
            }}
          >
            {text.action}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              onClose()
              void navigate(paths.membership)
            }}
          >
            See Plans
          </Button>
          <Button variant="ghost" data-autofocus onClick={onClose}>
            Maybe Later
          </Button>
        </div>
      </div>
    </Modal>
  )
}
