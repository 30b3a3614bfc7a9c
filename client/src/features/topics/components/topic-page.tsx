import { Link } from 'react-router-dom'
import { BookCard } from '@/components/book/book-card'
import { containerClass } from '@/components/ui/container'
import { ListStates } from '@/components/ui/list-states'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { usePageMeta, useSiteOrigin } from '@/lib/use-page-meta'
import { useTopic } from '../api/get-topics'
import { capitalised, topicDescription, topicStructuredData, topicTitle } from '../model/topic-text'
import { bookGrid } from '@/components/book/book-grid'
import styles from './topics.module.css'

const NOT_FOUND = 'Topic not found'

/** /topics/{slug}: the books the idea search finds for one popular idea, best first, with their Strut scores. */
export function TopicPage({ slug }: { slug: string }) {
  const topic = useTopic(slug)
  const origin = useSiteOrigin()
  const data = topic.data
  const missing =
    topic.error instanceof ApiError && (topic.error.status === 404 || topic.error.status === 400)
  usePageMeta({
    title: data ? topicTitle(capitalised(data.idea)) : missing ? NOT_FOUND : 'Topic',
    description: data ? topicDescription(data) : undefined,
    canonicalPath: paths.topic(slug),
    structuredData: data ? topicStructuredData(data, origin) : undefined,
  })
  return (
    <div className={containerClass(styles.page)}>
      <nav className={styles.breadcrumb} aria-label="Breadcrumb">
        <Link to={paths.home}>Home</Link>
        <span aria-hidden="true">›</span>
        <Link to={paths.topics}>Popular ideas</Link>
      </nav>
      <h1>{data ? topicTitle(data.idea) : missing ? NOT_FOUND : 'Books about…'}</h1>
      {data && (
        <p className={styles.facts}>
          <span>
            {data.books.length} {data.books.length === 1 ? 'book' : 'books'}, best match first
          </span>
          <span>searched by {data.searchers} readers</span>
          {data.traffic && (
            <span>
              {data.traffic.views7d} views in the last 7 days, {data.traffic.views30d} in 30 days
            </span>
          )}
        </p>
      )}
      <ListStates
        query={topic}
        rows={data?.books ?? []}
        loadingLabel="Loading the topic's books"
        failedMessage={(error) =>
          error instanceof ApiError && (error.status === 404 || error.status === 400)
            ? 'There is no topic at this address.'
            : 'Failed to fetch the topic'
        }
        empty={<p>No book matches this idea any more.</p>}
      >
        {(books) => (
          <ul className={bookGrid.list}>
            {books.map((book) => (
              <li key={book._id} className={`${bookGrid.item} ${styles.scored}`}>
                <span className={styles.score} title="How well the book matches the idea (0-100)">
                  Strut score {Math.round(book.strutScore)}
                </span>
                <BookCard book={book} />
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  )
}
