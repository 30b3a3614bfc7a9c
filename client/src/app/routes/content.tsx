import { useLocation, useParams } from 'react-router-dom'
import { ArticlePage } from '@/features/content/components/article-page'
import { BlogListPage } from '@/features/content/components/blog-list-page'
import { BlogPostPage } from '@/features/content/components/blog-post-page'
import { ContactPage } from '@/features/content/components/contact-page'
import { FaqDetailPage } from '@/features/content/components/faq-detail-page'
import { FaqPage } from '@/features/content/components/faq-page'
import { InformationPageView, TermsPage } from '@/features/content/components/information-page'
import { PolicyPage } from '@/features/content/components/policy-page'
import { articleAt } from '@/features/content/model/articles'
import { TopBooks } from '@/features/home/components/top-books'
import { paths } from '@/config/paths'
import { usePageMeta } from '@/lib/use-page-meta'
import { blogQueryOptions, blogsQueryOptions } from '@/features/content/api/get-blogs'
import { FAQ_PAGE_LIMIT, faqQueryOptions, faqsQueryOptions } from '@/features/content/api/get-faqs'
import {
  informationByIdQueryOptions,
  informationByPathQueryOptions,
} from '@/features/content/api/get-information'
import { TERMS_INFORMATION_ID } from '@bookstrut/schemas'
import type { RouteHandle } from '../route-handle'
import { containerClass } from '@/components/ui/container'
import { section } from '@/components/ui/section'

/* The content routes (issue 32): FAQ, blog, information pages, terms, privacy, contact, articles and the Top 20. */

/**
 * Server render (docs/seo.md): each content page's data through the page's own query options, so a crawler reads
 * the FAQ, the post or the page itself. An unknown FAQ, post or page is a 404; the terms page has its defaults, so
 * a missing one is left to the page (prefetchQuery does not throw).
 */
export const contentHandles = {
  faq: { prefetch: ({ queryClient }) => queryClient.fetchQuery(faqsQueryOptions(FAQ_PAGE_LIMIT)) },
  faqDetail: {
    prefetch: ({ queryClient, params }) => queryClient.fetchQuery(faqQueryOptions(params.id ?? '')),
  },
  blog: { prefetch: ({ queryClient }) => queryClient.fetchQuery(blogsQueryOptions()) },
  blogPost: {
    prefetch: ({ queryClient, params }) => queryClient.fetchQuery(blogQueryOptions(params.slug ?? '')),
  },
  pageDetail: {
    prefetch: ({ queryClient, params }) =>
      queryClient.fetchQuery(informationByPathQueryOptions(params.slag ?? '')),
  },
  terms: {
    prefetch: ({ queryClient }) =>
      queryClient.prefetchQuery(informationByIdQueryOptions(TERMS_INFORMATION_ID)),
  },
} satisfies Record<string, RouteHandle>

export const FaqRoute = FaqPage
export function FaqDetailRoute() {
  const { id = '' } = useParams()
  return <FaqDetailPage key={id} id={id} />
}
export const BlogRoute = BlogListPage
export function BlogPostRoute() {
  const { slug = '' } = useParams()
  return <BlogPostPage key={slug} slug={slug} />
}
/** /pagedetail/{slag}: the spec's parameter name. */
export function PageDetailRoute() {
  const { slag = '' } = useParams()
  return <InformationPageView key={slag} path={slag} />
}
export const PolicyRoute = PolicyPage
export const TermsRoute = TermsPage
export const ContactRoute = ContactPage
/** /topbookstruts: the whole Top 20, open. */
export function TopListRoute() {
  usePageMeta({
    title: 'Top 20 Book Struts',
    description:
      'The 20 books readers play, like and share most on BookStrut right now, with their podblurbs.',
    canonicalPath: paths.topList,
  })
  return (
    <>
      <div className={containerClass()} style={{ paddingTop: '2rem' }}>
        <h1 className={section.title}>Top 20 Book Struts</h1>
        <p className={section.lead}>
          The books readers play, like and share most right now. Press play to hear a podblurb.
        </p>
      </div>
      <TopBooks initiallyOpen />
    </>
  )
}
export function ArticleRoute() {
  const { pathname } = useLocation()
  const article = articleAt(pathname)
  return article ? <ArticlePage article={article} /> : null
}
