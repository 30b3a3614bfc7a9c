import { badRequest, conflict, newId, notFound, type BlogPostRow, type DbOrTx } from '@bookstrut/core'
import type { Blog, BlogBody, BlogListQuery, BlogPatch } from '@bookstrut/schemas'
import { containsText } from './content.repository.js'
import type { Page } from '@bookstrut/core'
import { activeValues, emptyPage, listPage, looksLikeId, type Viewer } from './paging.js'
import { sanitizeContentHtml } from './sanitize.js'
import { deleteEntry, withUniqueConflict } from './writes.js'

const SORT_COLUMNS = { createdAt: 'created_at', updatedAt: 'updated_at', title: 'title' } as const
const DAY_MS = 86_400_000

export const blogNotFound = () => notFound('Blog not found')

export const toBlog = (r: BlogPostRow): Blog => ({
  _id: r.id,
  slug: r.slug,
  title: r.title,
  summary: r.summary,
  excerpt: r.excerpt,
  content: sanitizeContentHtml(r.content),
  sections: r.sections.map((s) => ({ subtitle: s.subtitle, subcontent: sanitizeContentHtml(s.subcontent) })),
  category: r.category,
  seoTitle: r.seo_title,
  seoDescription: r.seo_description,
  seoKeywords: r.seo_keywords,
  relatedLinks: r.related_links,
  isActive: r.is_active,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
})

/** A YYYY-MM-DD day as the instant it starts (UTC); a day that does not exist (2025-02-30) is a 400. */
function dayStart(name: string, day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day)
    throw badRequest(`${name}: ${day} is not a day of the calendar`)
  return date
}

/** GET /get/all/blog: a page of posts, newest first unless asked otherwise; dateFrom/dateTo are inclusive days. */
export async function listBlogPosts(db: DbOrTx, q: BlogListQuery, viewer: Viewer): Promise<Page<Blog>> {
  const from = q.dateFrom ? dayStart('dateFrom', q.dateFrom) : undefined
  const until = q.dateTo ? new Date(dayStart('dateTo', q.dateTo).getTime() + DAY_MS) : undefined
  const active = activeValues(q.isActive, viewer)
  if (active.length === 0) return emptyPage(q)
  let base = db.selectFrom('blog_posts').where('is_active', 'in', active)
  if (from) base = base.where('created_at', '>=', from)
  if (until) base = base.where('created_at', '<', until)
  if (q.search?.trim())
    base = base.where(containsText<'blog_posts'>(['title', 'summary', 'excerpt', 'content'], q.search.trim()))
  const sortBy = q.sortBy ?? 'createdAt'
  const direction = q.sortOrder ?? (sortBy === 'title' ? 'asc' : 'desc')
  return listPage(base, { column: SORT_COLUMNS[sortBy], direction }, q, toBlog)
}

/** GET /get/single/blog: a 24-hex value is an id, anything else a slug (spec author-and-content 5). */
export async function getBlogPost(db: DbOrTx, idOrSlug: string, viewer: Viewer): Promise<Blog> {
  const key = idOrSlug.trim()
  const row = await db
    .selectFrom('blog_posts')
    .selectAll()
    .where(looksLikeId(key) ? 'id' : 'slug', '=', key.toLowerCase())
    .executeTakeFirst()
  if (!row || (!row.is_active && !viewer.admin)) throw blogNotFound()
  return toBlog(row)
}

/** A slug made of the title's words: "Find Books by Idea!" -> "find-books-by-idea". */
export const slugify = (title: string) =>
  title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '') || 'post'

const blogColumns = (b: BlogPatch) => ({
  ...(b.title !== undefined && { title: b.title.trim() }),
  ...(b.slug !== undefined && { slug: b.slug }),
  ...(b.summary !== undefined && { summary: b.summary }),
  ...(b.excerpt !== undefined && { excerpt: b.excerpt }),
  ...(b.content !== undefined && { content: sanitizeContentHtml(b.content) }),
  ...(b.sections !== undefined && {
    sections: JSON.stringify(
      b.sections.map((s) => ({ subtitle: s.subtitle, subcontent: sanitizeContentHtml(s.subcontent) })),
    ),
  }),
  ...(b.category !== undefined && { category: b.category.trim() || 'General' }),
  ...(b.seoTitle !== undefined && { seo_title: b.seoTitle }),
  ...(b.seoDescription !== undefined && { seo_description: b.seoDescription }),
  ...(b.seoKeywords !== undefined && { seo_keywords: JSON.stringify(b.seoKeywords) }),
  ...(b.relatedLinks !== undefined && { related_links: JSON.stringify(b.relatedLinks) }),
  ...(b.isActive !== undefined && { is_active: b.isActive }),
})

const slugTaken = (slug: string) => conflict(`A blog post with the slug "${slug}" already exists.`)

/** Creates a post; without a slug one is made from the title (with the id's tail when the title's is taken). */
export async function createBlogPost(db: DbOrTx, body: BlogBody, now: Date): Promise<Blog> {
  const id = newId(now.getTime())
  let slug = body.slug ?? slugify(body.title)
  if (!body.slug) {
    const taken = await db.selectFrom('blog_posts').select('id').where('slug', '=', slug).executeTakeFirst()
    if (taken) slug = `${slug}-${id.slice(-6)}`
  }
  const row = await withUniqueConflict(
    db
      .insertInto('blog_posts')
      .values({
        id,
        sections: '[]',
        seo_keywords: '[]',
        related_links: '[]',
        ...blogColumns(body),
        title: body.title.trim(),
        slug,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
    () => slugTaken(slug),
  )
  return toBlog(row)
}

export async function updateBlogPost(db: DbOrTx, id: string, patch: BlogPatch, now: Date): Promise<Blog> {
  const row = await withUniqueConflict(
    db
      .updateTable('blog_posts')
      .set({ ...blogColumns(patch), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),
    () => slugTaken(patch.slug ?? ''),
  )
  if (!row) throw blogNotFound()
  return toBlog(row)
}

export const deleteBlogPost = (db: DbOrTx, id: string) => deleteEntry(db, 'blog_posts', id, blogNotFound)
