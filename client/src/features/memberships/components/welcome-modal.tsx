import { useNavigate } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { paths } from '@/config/paths'

export const WELCOME_TITLE = 'Welcome to BookStrut!'

/**
 * The Welcome modal for a new free-plan author or publisher (its content is not in the spec): what Starter Strut
 * includes and where to go next. Any way of closing it counts as seen. It is not counted among the open dialogs
 * (open-modals.ts): it waits for them instead.
 */
export function WelcomeModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  return (
    <Modal open onClose={onClose} size="sm" title={WELCOME_TITLE} counted={false}>
      <div className="stack">
        <p>
          You are on <strong>Starter Strut</strong>, our free plan: list one book with a podblurb of up to 5
          minutes and let readers find it by its ideas.
        </p>
        <p className="muted">
          Want more titles, YouTube and TikTok links and analytics? A paid plan lists more.
        </p>
        <div className="button-pair button-pair--stack">
          <Button
            onClick={() => {
              onClose()
              void navigate(paths.uploadBook)
            }}
          >
            List My First Book
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
