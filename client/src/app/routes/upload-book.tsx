import { useLocation } from 'react-router-dom'
import { useAuthModals } from '@/features/auth/hooks/use-auth-modals'
import { UploadBookPage } from '@/features/catalogue/components/upload-book-page'

/** Navigation state `{ bookId }` (from My Listings' edit button) opens the form in edit mode. */
export function bookIdFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('bookId' in state)) return undefined
  const id = state.bookId
  return typeof id === 'string' && /^[0-9a-f]{24}$/.test(id) ? id : undefined
}

/** /upload-book: create or edit a listing; a blocked account gets the blocked dialog. */
export function Component() {
  const location = useLocation()
  const { openBlocked } = useAuthModals()
  const bookId = bookIdFromState(location.state)
  return <UploadBookPage key={bookId ?? 'new'} bookId={bookId} onBlocked={openBlocked} />
}
