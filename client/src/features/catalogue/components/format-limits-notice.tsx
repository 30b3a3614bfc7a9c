import { useNavigate } from 'react-router-dom'
import type { PlanStanding } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { paths } from '@/config/paths'
import { uploadAllowanceText } from '@/lib/plan-texts'
import { form } from '@/components/ui/form'
import { checkListClass } from '@/components/ui/notice'

/**
 * The Format & Limits notice for the free plan (spec reader-and-account section 6): one free MP3 podblurb of
 * at most 5 minutes or 7 MB, promoting one book. Upgrade goes to /membership; the free upload stays here.
 */
export function FormatLimitsNotice({ standing, onClose }: { standing: PlanStanding; onClose: () => void }) {
  const navigate = useNavigate()
  return (
    <Modal open onClose={onClose} size="sm" title="Format & Limits">
      <div className="stack">
        <p>{uploadAllowanceText(standing)} Each listing includes:</p>
        <ul className={checkListClass}>
          <li>1 podblurb upload in MP3 format</li>
          <li>Up to 5 minutes or 7 MB per podblurb</li>
          <li>1 book promoted per podblurb</li>
        </ul>
        <p className="muted">Paid plans list more books and add YouTube and TikTok links and analytics.</p>
        <div className={`${form.buttonPair} ${form.buttonPairStack}`}>
          <Button
            onClick={() => {
              onClose()
              void navigate(paths.membership)
            }}
          >
            Upgrade Your Membership
          </Button>
          <Button variant="secondary" data-autofocus onClick={onClose}>
            Go For 1 Free Upload
          </Button>
        </div>
      </div>
    </Modal>
  )
}
