import type { PublicProfile } from '@bookstrut/schemas'
import { Button, buttonClass } from '@/components/ui/button'
import { AvatarImage, FallbackImage } from '@/components/ui/fallback-image'
import { FaqList } from '@/components/ui/faq-list'
import { HoverInfo } from '@/components/ui/hover-info'
import { HowTo } from '@/components/ui/how-to'
import { Icon } from '@/components/ui/icon'
import { menuClasses, Popover } from '@/components/ui/popover'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { excerpt } from '@/lib/format'
import { fallbackImages } from '@/lib/image-rules'
import { shareLink } from '@/lib/share'
import { useStoredSession } from '@/lib/storage'
import { usePageMeta, useSiteOrigin } from '@/lib/use-page-meta'
import { toast } from 'sonner'
import { useAuthorProfile } from '../api/get-account'
import { useAccountBooks } from '../api/get-account-books'
import { cutWords } from '../model/bio'
import { authorFaq, authorSteps } from './book-help'
import { AuthorHeaderText, AuthorLoadError } from './author-page-parts'
import { BooksSection } from './books-carousel'
import styles from './author-profile-page.module.css'
import shared from './catalogue-shared.module.css'
import { containerClass } from '@/components/ui/container'

const fullName = (p: PublicProfile) => `${p.first_name} ${p.last_name}`.trim() || 'Author'

const linkLabel = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

function profileStructuredData(profile: PublicProfile, path: string, origin: string) {
  const links = profile.websiteAndSocialLinks.filter(Boolean)
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: new URL(path, origin).toString(),
    mainEntity: {
      '@type': 'Person',
      name: fullName(profile),
      ...(profile.bio ? { description: excerpt(profile.bio, 160) } : {}),
      ...(profile.profileImage ? { image: new URL(profile.profileImage, origin).toString() } : {}),
      ...(links.length > 0 ? { sameAs: links } : {}),
    },
  }
}

function Bio({ bio }: { bio: string }) {
  const { preview, cut } = cutWords(bio)
  if (!bio.trim()) return <p className="muted">This author has not written a bio yet.</p>
  if (!cut) return <p className="author-bio__text">{preview}</p>
  return (
    <HoverInfo
      className={`author-bio__text ${styles['author-bio__text--cut']}`}
      info={<span className={styles['author-bio__full']}>{bio}</span>}
    >
      {preview}
    </HoverInfo>
  )
}

function AuthorLinks({ links }: { links: readonly string[] }) {
  const usable = links.filter((l) => /^https?:\/\//i.test(l))
  const [first] = usable
  if (!first) return null
  if (usable.length === 1)
    return (
      <a
        className={buttonClass({ variant: 'secondary', size: 'md' })}
        href={first}
        target="_blank"
        rel="noopener noreferrer"
      >
        <Icon name="link" size={16} />
        <span>Website</span>
      </a>
    )
  return (
    <Popover
      align="end"
      trigger={(props) => (
        <button type="button" className={buttonClass({ variant: 'secondary', size: 'md' })} {...props}>
          <Icon name="link" size={16} />
          <span>Website &amp; social</span>
        </button>
      )}
    >
      {(close) => (
        <ul className={menuClasses.list}>
          {usable.map((url) => (
            <li key={url}>
              <a
                className={menuClasses.item}
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={close}
              >
                {linkLabel(url)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Popover>
  )
}

/** /author-profile/{id}: the public author profile with the author's approved books. */
export function AuthorProfilePage({ authorId }: { authorId: string }) {
  const { userId } = useStoredSession()
  const profile = useAuthorProfile(authorId)
  const books = useAccountBooks(authorId, userId)
  const p = profile.data
  const path = paths.authorProfile(authorId)
  const origin = useSiteOrigin()

  usePageMeta({
    title: p ? `${fullName(p)}: author profile` : profile.isError ? 'Author not found' : 'Author Profile',
    description: p
      ? excerpt(
          p.bio || `Books by ${fullName(p)} on BookStrut, with a short audio podblurb for each title.`,
          160,
        )
      : undefined,
    canonicalPath: path,
    structuredData: p ? profileStructuredData(p, path, origin) : undefined,
    image: p?.profileImage ?? undefined,
    type: 'profile',
  })

  const share = async () => {
    if (!p) return
    const outcome = await shareLink(
      { title: `${fullName(p)} on BookStrut`, text: `Books by ${fullName(p)}`, path },
      'copy',
    )
    if (outcome === 'copied') toast.success('Link copied to the clipboard.')
  }

  if (profile.isError) {
    return (
      <AuthorLoadError
        query={profile}
        notFound="This author does not exist."
        failed="We couldn't load this profile"
      />
    )
  }

  return (
    <div className={shared['author-page']}>
      <header className={containerClass(shared['author-header'])}>
        <div className={styles['author-header__banner']}>
          {p ? (
            <FallbackImage
              src={p.bannerImage}
              fallback={fallbackImages.banner}
              alt=""
              width={1430}
              height={500}
            />
          ) : (
            <Skeleton className={styles['skeleton--fill']} />
          )}
        </div>
        <div className={shared['author-header__main']}>
          <div className={shared['author-header__avatar']}>
            {p ? (
              <AvatarImage src={p.profileImage} alt={`${fullName(p)}'s picture`} width={160} height={160} />
            ) : (
              <Skeleton className={styles['skeleton--fill']} />
            )}
          </div>
          <AuthorHeaderText name={p && fullName(p)} count={p?.podcastCount} />
          <div className={shared['author-header__actions']}>
            <Button variant="secondary" onClick={() => void share()} disabled={!p}>
              <Icon name="share" size={16} />
              Share
            </Button>
            {p && <AuthorLinks links={p.websiteAndSocialLinks} />}
          </div>
        </div>
        <section className={shared['author-bio']} aria-labelledby="bio-heading">
          <h2 id="bio-heading" className={shared['author-bio__title']}>
            Profile Strut
          </h2>
          {p ? <Bio bio={p.bio} /> : <Skeleton style={{ width: '80%', height: 16 }} />}
        </section>
      </header>

      <BooksSection
        error={books.isError ? books.error : null}
        books={books.data}
        onRetry={() => void books.refetch()}
      />

      <div className={containerClass(shared['help-columns'])}>
        <FaqList items={authorFaq} />
        <HowTo title="How to explore an author's profile" minutes={3} steps={authorSteps} />
      </div>
    </div>
  )
}
