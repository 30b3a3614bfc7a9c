import { useAuthModals } from '@/features/auth/hooks/use-auth-modals'
import { useBlockedCheck } from '@/features/auth/hooks/use-blocked-check'
import { SearchResultsPage } from '@/features/search/components/search-results-page'

/** /search-book: search results; the terms come as navigation state (or in the query string). */
export function Component() {
  const { openBlocked } = useAuthModals()
  const beforeSearch = useBlockedCheck()
  return <SearchResultsPage onBlocked={openBlocked} beforeSearch={beforeSearch} />
}
