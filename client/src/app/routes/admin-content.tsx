import { ContentEditorsPage } from '@/features/admin/components/content/content-page'
import type { ContentPreviews } from '@/features/admin/components/content/content-kind'
import { BlogPostArticle } from '@/features/content/components/blog-post-page'
import { FaqArticle } from '@/features/content/components/faq-detail-page'
import { FeaturedVideo } from '@/features/content/components/featured-video'
import { InformationArticle } from '@/features/content/components/information-page'

/**
 * The editors' previews are the public pages' own components (features do not import each other, so the app
 * joins them here): a draft is rendered exactly as /faq/{id}, /blog/{slug}, /pagedetail/{path} and the home page's
 * video section will render it, through the same sanitizing SafeHtml.
 */
export const contentPreviews: ContentPreviews = {
  faq: (faq) => <FaqArticle faq={faq} />,
  blog: (post) => <BlogPostArticle post={post} />,
  information: ({ title, html }) => <InformationArticle title={title} html={html} />,
  featuredVideo: (link) => <FeaturedVideo link={link} />,
}

/** /admin/content */
export function Component() {
  return <ContentEditorsPage previews={contentPreviews} />
}
