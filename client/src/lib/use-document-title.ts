import { useEffect } from 'react'

const BRAND = 'BookStrut'

/** Sets the browser tab title as "Page · BookStrut". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : `${BRAND}: find books by the ideas inside them`
  }, [title])
}
