import type { DbOrTx } from '@bookstrut/core'

export interface PublicContentPath {
  /** the site path, e.g. /blog/find-books-by-idea */
  path: string
  lastModified: Date
}

/**
 * Every public URL path of the content domain, for the sitemap: the FAQ and blog lists, each active FAQ and post,
 * each active information page, and the terms and privacy pages.
 */
export async function listPublicContentPaths(db: DbOrTx): Promise<PublicContentPath[]> {
  const [faqs, posts, pages] = await Promise.all([
    db
      .selectFrom('faqs')
      .select(['id', 'updated_at'])
      .where('is_active', '=', true)
      .orderBy('sort_order')
      .execute(),
    db
      .selectFrom('blog_posts')
      .select(['slug', 'updated_at'])
      .where('is_active', '=', true)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('information_pages')
      .select(['path', 'updated_at'])
      .where('is_active', '=', true)
      .orderBy('sort_order')
      .execute(),
  ])
  const latest = (rows: { updated_at: Date }[]) =>
    new Date(Math.max(0, ...rows.map((r) => r.updated_at.getTime())))
  return [
    { path: '/faq', lastModified: latest(faqs) },
    ...faqs.map((f) => ({ path: `/faq/${f.id}`, lastModified: f.updated_at })),
    { path: '/blog', lastModified: latest(posts) },
    ...posts.map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastModified: p.updated_at })),
    ...pages.map((p) => ({ path: `/pagedetail/${encodeURIComponent(p.path)}`, lastModified: p.updated_at })),
    { path: '/terms-conditions', lastModified: latest(pages) },
    { path: '/Policy', lastModified: new Date('2025-04-25T00:00:00Z') },
  ]
}
