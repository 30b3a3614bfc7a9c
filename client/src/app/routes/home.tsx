import { useAuthModals } from '@/features/auth/hooks/use-auth-modals'
import { useBlockedCheck } from '@/features/auth/hooks/use-blocked-check'
import { HowItWorks, PlansTeaser, StrutScorePreview } from '@/features/home/components/home-sections'
import { FeaturedVideo } from '@/features/content/components/featured-video'
import { HomeFaq } from '@/features/content/components/home-faq'
import { useSettings } from '@/features/content/api/get-settings'
import { TopBooks } from '@/features/home/components/top-books'
import { PopularIdeas } from '@/features/topics/components/popular-ideas'
import { topicsQueryOptions } from '@/features/topics/api/get-topics'
import { SearchForm } from '@/features/search/components/search-form'
import { useStoredSession } from '@/lib/storage'
import { DEFAULT_DESCRIPTION } from '@/lib/page-head'
import { usePageMeta } from '@/lib/use-page-meta'
import styles from './home.module.css'
import { containerClass } from '@/components/ui/container'
import type { RouteHandle } from '../route-handle'
import { section } from '@/components/ui/section'

/** The server renders "Popular ideas" with its links (a crawler finds the topic pages from home); never fatal. */
export const handle: RouteHandle = {
  prefetch: ({ queryClient }) => queryClient.prefetchQuery(topicsQueryOptions()),
}

const homeStructuredData = {
  '@context': 'https://schema.org',
  '@type': 'WebSite',
  name: 'BookStrut',
  description: DEFAULT_DESCRIPTION,
}

/**
 * / : the home page: search, featured video, Top 20, step guide, Strut scores, plans and their comparison, FAQ.
 * The server renders it without the Top 20 (each book fetched counts as a view: only a reader's browser asks).
 */
export function Component() {
  usePageMeta({
    title: undefined,
    description: DEFAULT_DESCRIPTION,
    canonicalPath: '/',
    structuredData: homeStructuredData,
  })
  const { isLoggedIn } = useStoredSession()
  const modals = useAuthModals()
  const beforeSearch = useBlockedCheck()
  const settings = useSettings()
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={containerClass(styles.hero__inner)}>
          <div className="hero__copy">
            <p className={`${section.eyebrow} ${styles['eyebrow--light']}`}>Book discovery by idea</p>
            <h1 id="hero-title" className={styles.hero__title}>
              Describe the ideas. <span className={styles.hero__accent}>Find the book.</span>
            </h1>
            <p className={styles.hero__lead}>
              BookStrut matches books to the ideas you want to read about, shows how well each idea fits, and
              lets you hear a short audio promo, a podblurb, before you pick your next read.
            </p>
            <ul className={styles.hero__points}>
              <li>Search by ideas, not titles</li>
              <li>Listen to short audio podblurbs</li>
              <li>Free for readers</li>
            </ul>
          </div>
          <SearchForm variant="hero" beforeSearch={beforeSearch} />
        </div>
      </section>
      <FeaturedVideo link={settings?.homePageMedia} />
      <TopBooks />
      <PopularIdeas />
      <HowItWorks />
      <StrutScorePreview />
      <PlansTeaser showJoin={!isLoggedIn} onJoin={modals.openSignUp} />
      <HomeFaq />
    </>
  )
}
