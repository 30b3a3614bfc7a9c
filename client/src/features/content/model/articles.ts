/*
 * The ten static marketing articles (spec author-and-content section 2): breadcrumb Home › Blog › title, "Published on
 * January 15, 2024", intro, sections with lists and tables, a call to action to the home page and a Summary. They
 * carry no product logic; internal links go to /, /ai-book-recommendation and /free-books (and /free-book-discovery
 * from find-book-by-interest).
 */

import articles from './articles.json'

export interface ArticleSection {
  heading: string
  text?: string
  list?: string[]
  table?: { head: string[]; rows: string[][] }
}

export interface Article {
  path: string
  title: string
  description: string
  intro: string
  sections: ArticleSection[]
  summary: string
  /** Internal links the article points readers to. */
  links: { to: string; label: string }[]
  /** One article carries an author card (spec: a named content strategist). */
  author?: { name: string; role: string }
}

export const ARTICLE_DATE = 'January 15, 2024'

/** The articles' texts (data, in articles.json). */
export const ARTICLES: readonly Article[] = articles

export const articleAt = (pathname: string) =>
  ARTICLES.find((a) => a.path.toLowerCase() === pathname.toLowerCase())
