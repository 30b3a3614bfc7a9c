import { useContext, useEffect } from 'react'
import { fullTitle, HeadContext } from './page-head'

/** Sets the browser tab title as "Page · BookStrut" (and the server-rendered <title>, see usePageMeta). */
export function useDocumentTitle(title: string | undefined): void {
  const collector = useContext(HeadContext)
  collector?.declareTitle(title)
  useEffect(() => {
    document.title = fullTitle(title)
  }, [title])
}
