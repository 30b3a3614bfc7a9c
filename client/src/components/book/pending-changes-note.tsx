import type { PendingChanges } from '@bookstrut/schemas'
import styles from './pending-changes-note.module.css'

/** The listing's fields by the names the upload form gives them. */
const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  author: 'author',
  categoryName: 'category',
  description: 'description',
  primary_key: 'first idea',
  secondary_key: 'second idea',
  additional_key: 'third idea',
  publisher: 'publisher',
  year_published: 'year',
  ISBN: 'ISBN',
  language: 'language',
  youtube_url: 'YouTube link',
  tiktok_url: 'TikTok link',
  get_this_url: 'Get This link',
  bookCoverImage: 'cover',
  authorImage: 'author photo',
  fileUrl: 'podblurb',
  transcript: 'transcript',
}

/** The changed fields in words: "title, publisher and cover". */
export function changedFieldsText(changes: PendingChanges): string {
  const names = [...Object.keys(changes.fields), ...Object.keys(changes.episode)]
    .map((k) => FIELD_LABELS[k])
    .filter((n): n is string => Boolean(n))
  if (names.length <= 1) return names[0] ?? 'details'
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/**
 * An edit of a live book waiting for moderation, or the last one rejected (issue 48), as its owner or an admin reads
 * it beside the approved version: readers keep seeing the approved one meanwhile.
 */
export function PendingChangesNote({
  changes,
  viewer,
}: {
  changes: PendingChanges
  viewer: 'owner' | 'admin'
}) {
  const what = changedFieldsText(changes)
  if (changes.status === 'rejected')
    return (
      <p className={`${styles.note} ${styles['note--rejected']}`} data-testid="pending-changes">
        {viewer === 'owner' ? 'Your changes' : 'The changes'} to the {what} were not approved
        {changes.statusComment ? `: ${changes.statusComment}` : '.'} Readers see the approved version.
      </p>
    )
  return (
    <p className={styles.note} data-testid="pending-changes">
      {viewer === 'owner'
        ? `Your changes to the ${what} wait for review; readers see the approved version until then.`
        : `Edit of a live book: ${what}. Approving publishes the edit; rejecting keeps the approved version.`}
    </p>
  )
}
