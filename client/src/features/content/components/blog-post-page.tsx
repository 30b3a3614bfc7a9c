import { Link } from 'react-router-dom'
import type { Blog } from '@bookstrut/schemas'
import { SafeHtml } from '@/components/ui/safe-html'
import { paths } from '@/config/paths'
import { ApiError, errorMessage } from '@/lib/api-client'
import { usePageMeta } from '@/lib/use-page-meta'
import { useBlog } from '../api/get-blogs'
import { cut, longDate, previewText } from '../model/content-text'
import { BLOG_TEXTS, blogPostingJsonLd, builtInPost } from '../model/blog-entries'
import { Breadcrumb, ContentPage, LoadingPage, RelatedResources } from './content-parts'
import styles from './content.module.css'

/** Spec author-and-content section 8: a 404 reads "Blog not found". */
const failureText = (error: unknown) =>
  error instanceof ApiError && error.status === 404
    ? 'Blog not found'
    : errorMessage(error, 'An unexpected error occurred')

/**
 * /blog/{slug}: title, "Updated on", content, sections, Summary, Related Resources, "Back to Blog". When the server
 * cannot be reached, a built-in post of that slug is shown (the offline list links to them).
 */
export function BlogPostPage({ slug }: { slug: string }) {
  const blog = useBlog(slug)
  const offline = blog.isError && !(blog.error instanceof ApiError && blog.error.status === 404)
  const post = blog.data ?? (offline ? builtInPost(slug) : undefined)
  const description = post
    ? post.seoDescription || cut(previewText(post.excerpt || post.content), 160)
    : undefined
  usePageMeta({
    title: post ? post.seoTitle || post.title : blog.isError ? BLOG_TEXTS.notFound : 'Blog',
    description,
    canonicalPath: paths.blogPost(slug),
    structuredData:
      post && description !== undefined
        ? blogPostingJsonLd(post, description, paths.blogPost(post.slug))
        : undefined,
  })
  if (blog.isPending) return <LoadingPage text={BLOG_TEXTS.loadingPost} />
  if (!post)
    return (
      <ContentPage>
        <h1 className={styles.title}>{BLOG_TEXTS.notFound}</h1>
        <p>{BLOG_TEXTS.notFoundText}</p>
        <p className={styles.meta}>{failureText(blog.error)}</p>
        <Link to={paths.blog}>← Back to Blog</Link>
      </ContentPage>
    )
  return <BlogPostArticle post={post} />
}

/**
 * A post as its page shows it (title, "Updated on", content, sections, Summary, Related Resources): the page above
 * and the admin's preview render this same component, through the same sanitizing SafeHtml.
 */
export function BlogPostArticle({
  post,
}: {
  post: Pick<Blog, 'title' | 'updatedAt' | 'content' | 'sections' | 'summary' | 'relatedLinks'>
}) {
  return (
    <ContentPage>
      <Breadcrumb trail={[{ to: paths.blog, label: 'Blog' }]} current={cut(post.title, 50)} />
      <h1 className={styles.title}>{post.title}</h1>
      <p className={styles.meta}>Updated on {longDate(post.updatedAt)}</p>
      <SafeHtml className={styles.prose} html={post.content} />
      {post.sections.map((section, i) => (
        <section key={`${i}-${section.subtitle}`}>
          {section.subtitle && <h2>{section.subtitle}</h2>}
          <SafeHtml className={styles.prose} html={section.subcontent} />
        </section>
      ))}
      {post.summary && (
        <section className={styles.box}>
          <h2>Summary</h2>
          <p>{post.summary}</p>
        </section>
      )}
      <RelatedResources links={post.relatedLinks} />
      <p>
        <Link to={paths.blog}>Back to Blog</Link>
      </p>
    </ContentPage>
  )
}
