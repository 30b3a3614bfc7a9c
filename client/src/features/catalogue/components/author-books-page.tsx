import { Link } from 'react-router-dom'
import type { AuthorBooks } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { AvatarImage } from '@/components/ui/fallback-image'
import { Icon } from '@/components/ui/icon'
import { paths } from '@/config/paths'
import { plural } from '@/lib/format'
import { shareLink } from '@/lib/share'
import { useStoredSession } from '@/lib/storage'
import { usePageMeta, useSiteOrigin } from '@/lib/use-page-meta'
import { toast } from 'sonner'
import { useAuthorBooks } from '../api/get-author-books'
import { AuthorHeaderText, AuthorLoadError } from './author-page-parts'
import { BooksSection } from './books-carousel'
import styles from './author-books-page.module.css'
import shared from './catalogue-shared.module.css'
import { containerClass } from '@/components/ui/container'

function structuredData(author: AuthorBooks, path: string, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: new URL(path, origin).toString(),
    mainEntity: { '@type': 'Person', name: author.author },
  }
}

/** Who lists the author's books: each account links to its own (publisher's) profile. */
function ListedBy({ author }: { author: AuthorBooks }) {
  return (
    <section className={shared['author-bio']} aria-labelledby="listed-by-heading">
      <h2 id="listed-by-heading" className={shared['author-bio__title']}>
        Listed by
      </h2>
      <ul className={styles['listed-by']}>
        {author.listedBy.map((account) => (
          <li key={account._id}>
            <Link to={paths.authorProfile(account._id)}>{account.name || 'A BookStrut member'}</Link>{' '}
            <span className="muted">
              · {plural(account.podcastCount, 'book')} by {author.author}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * /author/{name}: an author as books name them. An imported book belongs to the account that imported it (its
 * publisher), so its author has no account and no profile of their own: this page shows their books under their
 * name, and who lists them.
 */
export function AuthorBooksPage({ name }: { name: string }) {
  const { userId } = useStoredSession()
  const query = useAuthorBooks(name, userId)
  const author = query.data
  const path = paths.author(name)
  const origin = useSiteOrigin()

  usePageMeta({
    title: author ? `${author.author}: books` : query.isError ? 'Author not found' : 'Author',
    description: author
      ? `Books by ${author.author} on BookStrut, with a short audio podblurb for each title.`
      : undefined,
    canonicalPath: path,
    structuredData: author ? structuredData(author, path, origin) : undefined,
  })

  if (query.isError) {
    return (
      <AuthorLoadError
        query={query}
        notFound="No book on BookStrut names this author."
        failed="We couldn't load this author"
      />
    )
  }

  const share = async () => {
    if (!author) return
    const outcome = await shareLink(
      { title: `${author.author} on BookStrut`, text: `Books by ${author.author}`, path },
      'copy',
    )
    if (outcome === 'copied') toast.success('Link copied to the clipboard.')
  }
  const picture = author?.data.find((b) => b.authorImage)?.authorImage ?? null

  return (
    <div className={shared['author-page']}>
      <header className={containerClass(`${shared['author-header']} ${shared['author-header--plain']}`)}>
        <div className={shared['author-header__main']}>
          <div className={shared['author-header__avatar']}>
            <AvatarImage src={picture} width={160} height={160} />
          </div>
          <AuthorHeaderText
            name={author?.author}
            count={author?.podcastCount}
            kicker={<p className={`${styles['author-header__kicker']} muted`}>Author</p>}
          />
          <div className={shared['author-header__actions']}>
            <Button variant="secondary" onClick={() => void share()} disabled={!author}>
              <Icon name="share" size={16} />
              Share
            </Button>
          </div>
        </div>
        {author && <ListedBy author={author} />}
      </header>

      <BooksSection error={null} books={author?.data} onRetry={() => void query.refetch()} />
    </div>
  )
}
