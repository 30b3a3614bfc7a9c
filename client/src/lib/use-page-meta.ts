import { useContext, useEffect } from 'react'
import { headTags, HeadContext, jsonLdText, type HeadTag, type PageMeta } from './page-head'
import { useDocumentTitle } from './use-document-title'

export type { PageMeta } from './page-head'

/** The site's origin for absolute addresses in structured data: the public URL in a server render, else the browser's. */
export function useSiteOrigin(): string {
  return useContext(HeadContext)?.origin ?? window.location.origin
}

const selectorOf = (t: HeadTag) => (t.tag === 'link' ? 'link[rel="canonical"]' : `meta[${t.attr}="${t.key}"]`)
const valueAttr = (t: HeadTag) => (t.tag === 'link' ? 'href' : 'content')

/**
 * Sets one tag and returns how to undo it: a tag the page created (or one the server rendered for this page,
 * marked data-page-meta) goes away with the page; a tag index.html had gets its value back.
 */
function applyTag(t: HeadTag): () => void {
  const existing = document.head.querySelector(selectorOf(t))
  if (existing && !existing.hasAttribute('data-page-meta')) {
    const previous = existing.getAttribute(valueAttr(t))
    existing.setAttribute(valueAttr(t), t.value)
    return () => {
      if (previous !== null) existing.setAttribute(valueAttr(t), previous)
    }
  }
  existing?.remove()
  const el = document.createElement(t.tag)
  el.setAttribute(t.attr, t.key)
  el.setAttribute(valueAttr(t), t.value)
  el.setAttribute('data-page-meta', '')
  document.head.appendChild(el)
  return () => el.remove()
}

/**
 * The one way a page declares its head: title, meta description (at most 160 characters), canonical link,
 * Open Graph and Twitter card tags, and JSON-LD structured data. In the browser the tags are set in effects and
 * put back as they were when the page goes; during a server render (entry-server.tsx) the declaration is
 * collected and written into the HTML's <head>, so crawlers and link previews read it without JavaScript.
 */
export function usePageMeta(meta: PageMeta): void {
  useDocumentTitle(meta.title)
  const collector = useContext(HeadContext)
  collector?.declare(meta)

  // The effect reruns only when what the tags say changes (a new object each render must not reset them).
  const key = JSON.stringify([meta.title, meta.description, meta.canonicalPath, meta.image, meta.type])
  const json = meta.structuredData ? jsonLdText(meta.structuredData) : undefined

  useEffect(() => {
    // JSON keeps a missing field as null.
    const [title, description, canonicalPath, image, type] = (JSON.parse(key) as (string | null)[]).map(
      (v) => v ?? undefined,
    )
    const tags = headTags(
      { title, description, canonicalPath, image, type: type as PageMeta['type'] },
      window.location.origin,
    )
    const undo = tags.map(applyTag)
    return () => undo.forEach((f) => f())
  }, [key])

  useEffect(() => {
    if (json === undefined) return
    // The server's JSON-LD for this page is replaced by ours (one block per page, never two).
    document.head
      .querySelectorAll('script[type="application/ld+json"][data-page-meta]')
      .forEach((s) => s.remove())
    const script = document.createElement('script')
    script.type = 'application/ld+json'
    script.dataset.pageMeta = ''
    script.textContent = json
    document.head.appendChild(script)
    return () => script.remove()
  }, [json])
}
