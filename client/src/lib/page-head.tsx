import { createContext } from 'react'
import { excerpt } from './format'

export const BRAND = 'BookStrut'
export const DEFAULT_TITLE = `${BRAND}: find books by the ideas inside them`
export const DEFAULT_DESCRIPTION =
  'BookStrut: find books by describing ideas and listen to short audio promos called podblurbs.'
/** Spec: a meta description is at most 160 characters (pages may cut shorter, e.g. a book's 150). */
export const META_DESCRIPTION_MAX = 160

/** What a page declares about itself for search engines and link previews (usePageMeta). */
export interface PageMeta {
  title: string | undefined
  description?: string | undefined
  /** Absolute or root-relative address of the canonical page. */
  canonicalPath?: string | undefined
  /** Structured data (schema.org) for the page, written as JSON-LD. */
  structuredData?: Record<string, unknown> | undefined
  /** The preview image (a cover, a portrait): absolute or root-relative. */
  image?: string | undefined
  /** Open Graph type: a book page is `book`, a profile `profile`, a post `article`. */
  type?: 'website' | 'book' | 'profile' | 'article' | undefined
  /** Keep the page out of search results (the 404 page). */
  noindex?: boolean | undefined
}

/**
 * During a server render the pages write what they declare here (the browser has no such collector: there the
 * hook sets the tags in effects). The last declaration wins: the page's own hook runs after the layout's.
 */
export interface HeadCollector {
  readonly origin: string
  readonly meta: PageMeta | null
  readonly title: string | undefined
  declare(meta: PageMeta): void
  declareTitle(title: string | undefined): void
}
export const HeadContext = createContext<HeadCollector | null>(null)

export function createHeadCollector(origin: string): HeadCollector {
  let meta: PageMeta | null = null
  let title: string | undefined
  return {
    origin,
    get meta() {
      return meta
    },
    get title() {
      return title
    },
    declare(next) {
      meta = next
    },
    declareTitle(next) {
      title = next
    },
  }
}

/** The full tab title: "Page · BookStrut", or the site's own title. */
export const fullTitle = (title: string | undefined) => (title ? `${title} · ${BRAND}` : DEFAULT_TITLE)

/** One `<meta>` or the canonical `<link>`: the key says which existing tag it replaces. */
export type HeadTag =
  | { tag: 'meta'; attr: 'name' | 'property'; key: string; value: string }
  | { tag: 'link'; attr: 'rel'; key: 'canonical'; value: string }

const absolute = (address: string, origin: string) => new URL(address, origin).toString()

/** Every tag a page's meta gives: description, canonical, Open Graph and Twitter card. */
export function headTags(meta: PageMeta, origin: string): HeadTag[] {
  const title = fullTitle(meta.title)
  const description = excerpt(meta.description ?? DEFAULT_DESCRIPTION, META_DESCRIPTION_MAX)
  const url = meta.canonicalPath === undefined ? undefined : absolute(meta.canonicalPath, origin)
  const image = meta.image ? absolute(meta.image, origin) : undefined
  const tags: HeadTag[] = [
    { tag: 'meta', attr: 'name', key: 'description', value: description },
    { tag: 'meta', attr: 'property', key: 'og:site_name', value: BRAND },
    { tag: 'meta', attr: 'property', key: 'og:type', value: meta.type ?? 'website' },
    { tag: 'meta', attr: 'property', key: 'og:title', value: title },
    { tag: 'meta', attr: 'property', key: 'og:description', value: description },
    { tag: 'meta', attr: 'name', key: 'twitter:card', value: image ? 'summary_large_image' : 'summary' },
    { tag: 'meta', attr: 'name', key: 'twitter:title', value: title },
    { tag: 'meta', attr: 'name', key: 'twitter:description', value: description },
  ]
  if (url) {
    tags.push({ tag: 'link', attr: 'rel', key: 'canonical', value: url })
    tags.push({ tag: 'meta', attr: 'property', key: 'og:url', value: url })
  }
  if (meta.noindex) tags.push({ tag: 'meta', attr: 'name', key: 'robots', value: 'noindex' })
  if (image) {
    tags.push({ tag: 'meta', attr: 'property', key: 'og:image', value: image })
    tags.push({ tag: 'meta', attr: 'name', key: 'twitter:image', value: image })
  }
  return tags
}

/** JSON-LD as script text: `<` escaped so a title holding `</script>` cannot end the element. */
export const jsonLdText = (data: Record<string, unknown>) => JSON.stringify(data).replace(/</g, '\\u003c')

/**
 * The head of a server-rendered page, as React elements (the server renders them to markup into the template's
 * <head>). Each carries data-page-meta so the browser's usePageMeta takes them over and removes them when the
 * reader navigates to another page.
 */
export function PageHeadTags({ meta, origin }: { meta: PageMeta; origin: string }) {
  return (
    <>
      <title>{fullTitle(meta.title)}</title>
      {headTags(meta, origin).map((t) =>
        t.tag === 'link' ? (
          <link key={t.key} rel={t.key} href={t.value} data-page-meta="" />
        ) : (
          <meta key={t.key} {...{ [t.attr]: t.key }} content={t.value} data-page-meta="" />
        ),
      )}
      {meta.structuredData && (
        <script
          type="application/ld+json"
          data-page-meta=""
          dangerouslySetInnerHTML={{ __html: jsonLdText(meta.structuredData) }}
        />
      )}
    </>
  )
}
