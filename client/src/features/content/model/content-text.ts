/** Plain text of HTML for previews: tags and non-breaking-space entities dropped (spec: blog card previews). */
export function previewText(html: string): string {
  // Script and style bodies are not text. The server render (entry-server.tsx) has no DOM: there the HTML (already
  // sanitized by the API) just loses its tags.
  const bodyHtml = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
  const text =
    typeof DOMParser === 'undefined'
      ? bodyHtml.replace(/<[^>]*>/g, ' ')
      : (new DOMParser().parseFromString(bodyHtml, 'text/html').body.textContent ?? '')
  return text
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The product's name bolded in text outside tags (spec: FAQ answers show it in bold). */
export function boldProductName(html: string, name = 'BookStrut'): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replaceAll(name, `<strong>${name}</strong>`)))
    .join('')
}

/** "January 15, 2024" (spec: dates in en-US long format). */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })

/** Cut at `max` characters with an ellipsis (breadcrumbs, meta descriptions). */
export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
