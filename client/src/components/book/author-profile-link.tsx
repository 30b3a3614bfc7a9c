import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { Podcast } from '@bookstrut/schemas'
import { paths } from '@/config/paths'
import { trackProfileClick, trackTargetOf } from '@/lib/tracking'

/** A link from a title to its author's profile; the visit is reported as the title's profile click. */
export function AuthorProfileLink({
  podcast,
  children,
  className,
  label,
}: {
  podcast: Podcast
  children: ReactNode
  className?: string
  label?: string
}) {
  return (
    <Link
      to={paths.authorProfile(podcast.createBy)}
      className={className}
      aria-label={label}
      onClick={() => void trackProfileClick(trackTargetOf(podcast))}
    >
      {children}
    </Link>
  )
}
