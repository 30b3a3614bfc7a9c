import { useEffect } from 'react'
import { useDocumentTitle } from './use-document-title'

export interface PageMeta {
  title: string | undefined
  description?: string | undefined
  /** Absolute or root-relative address of the canonical page. */
  canonicalPath?: string | undefined
  /** Structured data (schema.org) for the page, written as JSON-LD. */
  structuredData?: Record<string, unknown> | undefined
}

function upsert<T extends HTMLElement>(selector: string, create: () => T): { el: T; created: boolean } {
  const existing = document.head.querySelector<T>(selector)
  if (existing) return { el: existing, created: false }
  const el = create()
  document.head.appendChild(el)
  return { el, created: true }
}

/**
 * Page title, meta description, canonical link and JSON-LD structured data for public pages (author profile,
 * single promo page). Everything is put back as it was when the page goes.
 */
export function usePageMeta({ title, description, canonicalPath, structuredData }: PageMeta): void {
  useDocumentTitle(title)
  const json = structuredData ? JSON.stringify(structuredData) : undefined

  useEffect(() => {
    if (description === undefined) return
    const { el, created } = upsert('meta[name="description"]', () => {
      const m = document.createElement('meta')
      m.name = 'description'
      return m
    })
    const previous = el.content
    el.content = description
    return () => {
      if (created) el.remove()
      else el.content = previous
    }
  }, [description])

  useEffect(() => {
    if (canonicalPath === undefined) return
    const { el, created } = upsert('link[rel="canonical"]', () => {
      const l = document.createElement('link')
      l.rel = 'canonical'
      return l
    })
    const previous = el.getAttribute('href')
    el.href = new URL(canonicalPath, window.location.origin).toString()
    return () => {
      if (created) el.remove()
      else if (previous !== null) el.setAttribute('href', previous)
    }
  }, [canonicalPath])

  useEffect(() => {
    if (json === undefined) return
    const script = document.createElement('script')
    script.type = 'application/ld+json'
    script.dataset.pageMeta = 'true'
    script.textContent = json
    document.head.appendChild(script)
    return () => script.remove()
  }, [json])
}
