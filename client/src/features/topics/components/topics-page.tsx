import { Link } from 'react-router-dom'
import type { TopicSummary } from '@bookstrut/schemas'
import { containerClass } from '@/components/ui/container'
import { ListStates } from '@/components/ui/list-states'
import { paths } from '@/config/paths'
import { usePageMeta } from '@/lib/use-page-meta'
import { useTopics } from '../api/get-topics'
import { capitalised } from '../model/topic-text'
import styles from './topics.module.css'

const TITLE = 'Popular ideas: books by topic'
const DESCRIPTION =
  'The ideas readers search for most on BookStrut, each with the books that match it best and their Strut scores.'

/** The ideas as links to their pages, with how many books each lists (the index page and the home section). */
export function TopicLinks({ topics }: { topics: readonly TopicSummary[] }) {
  return (
    <ul className={styles.ideas}>
      {topics.map((t) => (
        <li key={t.slug}>
          <Link className={styles.idea} to={paths.topic(t.slug)}>
            <span>{capitalised(t.idea)}</span>
            <span className={styles.count}>
              {t.bookCount} {t.bookCount === 1 ? 'book' : 'books'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** /topics: every topic page, most searched first. */
export function TopicsPage() {
  const topics = useTopics()
  usePageMeta({ title: TITLE, description: DESCRIPTION, canonicalPath: paths.topics })
  return (
    <div className={containerClass(styles.page)}>
      <h1>{TITLE}</h1>
      <p className={styles.lead}>{DESCRIPTION}</p>
      <ListStates
        query={topics}
        rows={topics.data ?? []}
        loadingLabel="Loading topics"
        failedMessage="Failed to fetch topics"
        empty={<p>No topics yet: they appear once several readers have searched for the same idea.</p>}
      >
        {(rows) => <TopicLinks topics={rows} />}
      </ListStates>
    </div>
  )
}
