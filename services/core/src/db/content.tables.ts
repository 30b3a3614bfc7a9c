import type { ColumnType, Generated, Selectable } from 'kysely'

/** A link under a FAQ answer or a blog post: inside the site (routed in-app) or outside (new tab). */
export interface RelatedLinkRow {
  linkText: string
  linkUrl: string
  linkType: 'internal' | 'external'
}

/** A blog post's section: a subtitle and its (sanitized) HTML. */
export interface BlogSectionRow {
  subtitle: string
  subcontent: string
}

type Json<T> = ColumnType<T, string | undefined, string>

export interface InformationPagesTable {
  id: string
  path: string
  information_name: string
  information_description: Generated<string>
  place_area: 'menu' | 'footer'
  sort_order: Generated<number>
  is_active: Generated<boolean>
  created_at: ColumnType<Date, Date | undefined, never>
  updated_at: Generated<Date>
}
export type InformationPageRow = Selectable<InformationPagesTable>

export interface SiteSettingsTable {
  id: string
  facebook: Generated<string>
  instagram: Generated<string>
  youtube: Generated<string>
  tiktok: Generated<string>
  support_email: Generated<string>
  /** The home page's featured video link ('' = none). */
  home_page_media: Generated<string>
}
export type SiteSettingsRow = Selectable<SiteSettingsTable>

export interface FaqsTable {
  id: string
  question: string
  answer: string
  related_links: Json<RelatedLinkRow[]>
  sort_order: Generated<number>
  is_active: Generated<boolean>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}
export type FaqRow = Selectable<FaqsTable>

export interface BlogPostsTable {
  id: string
  slug: string
  title: string
  summary: Generated<string>
  excerpt: Generated<string>
  content: Generated<string>
  sections: Json<BlogSectionRow[]>
  category: Generated<string>
  seo_title: Generated<string>
  seo_description: Generated<string>
  seo_keywords: Json<string[]>
  related_links: Json<RelatedLinkRow[]>
  is_active: Generated<boolean>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}
export type BlogPostRow = Selectable<BlogPostsTable>

export interface ContactMessagesTable {
  id: string
  name: string
  email: string
  subject: string
  message: string
  user_id: string | null
  ip: string | null
  created_at: Generated<Date>
}
