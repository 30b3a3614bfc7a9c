import { BUILT_IN_BLOG_POSTS, type Blog } from '@bookstrut/schemas'

/** Spec: the built-in posts carry the static date 2024-01-15. */
const STATIC_POST_DATE = '2024-01-15T00:00:00.000Z'

/** The 10 built-in posts, shaped as the server's (the blog list's offline fallback). */
export const builtInPosts: Blog[] = BUILT_IN_BLOG_POSTS.map((p, i) => ({
  _id: `built-in-${i}`,
  slug: p.slug,
  title: p.title,
  summary: p.summary,
  excerpt: p.excerpt,
  content: p.content,
  sections: p.sections,
  category: 'General',
  seoTitle: p.title,
  seoDescription: p.excerpt,
  seoKeywords: [],
  relatedLinks: p.relatedLinks,
  isActive: true,
  createdAt: STATIC_POST_DATE,
  updatedAt: STATIC_POST_DATE,
}))

export const builtInPost = (slug: string) => builtInPosts.find((p) => p.slug === slug)

/** Spec texts of the blog screens. */
export const BLOG_TEXTS = {
  loadingList: 'Loading blog posts...',
  loadingPost: 'Loading blog post...',
  offline: (reason: string) => `Using offline blog data. Server data unavailable: ${reason}`,
  notFound: 'Blog Post Not Found',
  notFoundText: "The blog post you're looking for doesn't exist or has been removed.",
} as const

/** schema.org BlogPosting of a post. */
export const blogPostingJsonLd = (post: Blog, description: string, url: string) => ({
  '@context': 'https://schema.org',
  '@type': 'BlogPosting',
  headline: post.title,
  description,
  datePublished: post.createdAt,
  dateModified: post.updatedAt,
  articleSection: post.category,
  keywords: post.seoKeywords.join(', ') || undefined,
  mainEntityOfPage: url,
  publisher: { '@type': 'Organization', name: 'BookStrut' },
})
