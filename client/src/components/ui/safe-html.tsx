import DOMPurify from 'dompurify'

/**
 * HTML from the database (FAQ answers, blog posts, information pages), sanitized again here before it is rendered:
 * the server sanitizes on write, and this second pass (DOMPurify) keeps a row written any other way inert too. No
 * style attribute (CSS expressions), no forms, and links that open a new tab lose the opener.
 */
export function sanitizeForRender(html: string): string {
  // Without a DOM (the server render) DOMPurify cannot run (it has no sanitize then); there the HTML is the API's,
  // sanitized on write and again on read by the server's sanitizer, and the browser's render sanitizes it here.
  if (!DOMPurify.isSupported) return html
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
    ADD_ATTR: ['target'],
  })
}

if (DOMPurify.isSupported) {
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target')) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
  })
}

/** Renders sanitized HTML in a block element. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  // Sanitized just above, on every render.
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeForRender(html) }} />
}
