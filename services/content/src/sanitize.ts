import sanitizeHtml from 'sanitize-html'

/**
 * What stored HTML (FAQ answers, blog posts, information pages) may contain: text formatting, headings, lists,
 * tables, images and links. No script, style, iframe, form or event attribute; no `style` attribute (so no CSS
 * expression); links and images only over http(s) (links also mailto and site paths): a `javascript:` or `data:`
 * address is dropped. The client sanitizes again (DOMPurify) before it renders.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'span',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'a',
    'img',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link that opens a new tab must not hand the opener to the page it opens.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
}

/** Stored HTML made safe to render (see OPTIONS). Applied on every write; idempotent. */
export const sanitizeContentHtml = (html: string): string => sanitizeHtml(html, OPTIONS).trim()

/** Plain text of HTML (tags dropped, entities decoded, white space collapsed): previews, meta descriptions. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
  return (
    text
      .replace(/&nbsp;|\u00a0/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      // Last, so that an escaped entity ("&amp;lt;") stays the text "&lt;".
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim()
  )
}
