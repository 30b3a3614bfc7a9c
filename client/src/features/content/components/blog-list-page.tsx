import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { usePageMeta } from '@/lib/use-page-meta'
import { useBlogs } from '../api/get-blogs'
import { longDate, previewText } from '../model/content-text'
import { BLOG_TEXTS, builtInPosts } from '../model/blog-entries'
import { Breadcrumb, ContentPage, LoadState } from './content-parts'
import styles from './content.module.css'

/**
 * /blog: cards (title, description clamped to 3 lines, date) linking to each post. /data/blogs.json first, then the
 * API; the 10 built-in posts when neither gives any, with the offline notice when the server failed.
 */
export function BlogListPage() {
  const blogs = useBlogs()
  const posts = blogs.data && blogs.data.length > 0 ? blogs.data : blogs.isPending ? [] : builtInPosts
  usePageMeta({
    title: 'Blog',
    description:
      'Guides to finding books by idea, podblurbs, Strut scores and promoting your book for free on BookStrut.',
    canonicalPath: paths.blog,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Blog',
      name: 'BookStrut Blog',
      blogPost: posts.map((p) => ({
        '@type': 'BlogPosting',
        headline: p.title,
        url: paths.blogPost(p.slug),
      })),
    },
  })
  return (
    <ContentPage narrow={false}>
      <Breadcrumb trail={[]} current="Blog" />
      <h1 className={styles.title}>BookStrut Blog</h1>
      <p className={styles.meta}>Ideas, guides and news about finding and promoting books.</p>
      <LoadState
        pending={blogs.isPending}
        loadingText={BLOG_TEXTS.loadingList}
        notice={blogs.isError ? BLOG_TEXTS.offline(errorMessage(blogs.error)) : null}
      />
      <ul className={styles.grid}>
        {posts.map((post) => (
          <li key={post._id}>
            <Link className={styles.card} to={paths.blogPost(post.slug)}>
              <h2>{post.title}</h2>
              <p className={styles.clamp}>{previewText(post.excerpt || post.summary || post.content)}</p>
              <span className={styles.updated}>{longDate(post.createdAt)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section className={styles.cta}>
        <h2>Looking for your next book?</h2>
        <p>
          Describe three ideas and BookStrut ranks books by how well they match.{' '}
          <Link to={paths.home}>Start a search</Link>
        </p>
      </section>
    </ContentPage>
  )
}
