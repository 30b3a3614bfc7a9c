import { paths } from '@/config/paths'

export type ShareOutcome = 'shared' | 'copied' | 'navigate' | 'cancelled'

/**
 * Shares a book: the device share sheet (title, text and address) when the browser has one, otherwise the
 * address is copied when asked (already on the book's page) or the caller goes to the book's page.
 */
export async function shareLink(
  { title, text, path }: { title: string; text: string; path: string },
  fallback: 'copy' | 'navigate',
): Promise<ShareOutcome> {
  const url = new URL(path, window.location.origin).toString()
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url })
      return 'shared'
    } catch (error) {
      // The person closed the share sheet: nothing else to do.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
    }
  }
  if (fallback === 'copy' && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(url)
      return 'copied'
    } catch {
      return 'navigate'
    }
  }
  return 'navigate'
}

export const bookSharePath = (bookId: string) => paths.singleBook(bookId)
