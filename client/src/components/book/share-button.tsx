import { useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Icon } from '@/components/ui/icon'
import { bookSharePath, shareLink } from '@/lib/share'

/**
 * Share a book: the device's share sheet when there is one; otherwise the link is copied (on the book's own
 * page) or the book's page opens (spec: share falls back to /single-book/{id}).
 */
export function ShareButton({
  podcastId,
  title,
  text,
  fallback = 'navigate',
  withLabel = false,
  className,
}: {
  podcastId: string
  title: string
  text: string
  fallback?: 'copy' | 'navigate'
  withLabel?: boolean
  className?: string
}) {
  const navigate = useNavigate()
  const share = async () => {
    const path = bookSharePath(podcastId)
    const outcome = await shareLink({ title, text, path }, fallback)
    if (outcome === 'copied') toast.success('Link copied to the clipboard.')
    else if (outcome === 'navigate') void navigate(path)
  }
  return (
    <button
      type="button"
      className={`icon-button${withLabel ? ' icon-button--label' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => void share()}
      aria-label={withLabel ? undefined : `Share ${title}`}
    >
      <Icon name="share" />
      {withLabel && <span>Share</span>}
    </button>
  )
}
