import type { ReactNode } from 'react'
import type { Podcast } from '@bookstrut/schemas'
import { formatDuration } from '@/lib/format'
import { yearOf } from './book-card'

/**
 * A title's facts as a description list: the spec's "year with category" (Year Pub) and the podblurb's length
 * (mm:ss), then whatever facts the view adds (`children`, each a `<div>` with its `<dt>` and `<dd>`).
 * `noPodblurb` is what Podblurb reads when the title has no recording yet.
 */
export function BookFacts({
  podcast,
  className,
  noPodblurb,
  children,
}: {
  podcast: Podcast
  className: string
  noPodblurb: string
  children?: ReactNode
}) {
  const episode = podcast.episodes[0]
  return (
    <dl className={className}>
      <div>
        <dt>Year Pub</dt>
        <dd>
          {yearOf(podcast) ?? '—'}
          {podcast.categoryName && ` · ${podcast.categoryName}`}
        </dd>
      </div>
      <div>
        <dt>Podblurb</dt>
        <dd>{episode?.fileUrl ? formatDuration(episode.duration) : noPodblurb}</dd>
      </div>
      {children}
    </dl>
  )
}
