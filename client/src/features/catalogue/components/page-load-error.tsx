import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { errorMessage, isApiError } from '@/lib/api-client'

/**
 * What an author's page shows when it cannot be loaded: "not found" for a 404 or a malformed address (400),
 * otherwise the reason and a retry; both offer the way home.
 */
export function PageLoadError({
  error,
  notFound,
  onRetry,
}: {
  error: unknown
  notFound: { title: string; text: string }
  onRetry: () => void
}) {
  const missing = isApiError(error) && (error.status === 404 || error.status === 400)
  return (
    <div className="container author-page">
      <div className="empty-state" role="alert">
        <h1 className="h3">{missing ? notFound.title : "We couldn't load this profile"}</h1>
        <p className="muted">{missing ? notFound.text : errorMessage(error)}</p>
        <div className="cta-row">
          {!missing && (
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          )}
          <Link className="btn btn--primary btn--md" to={paths.home}>
            <span>Back to home</span>
          </Link>
        </div>
      </div>
    </div>
  )
}
