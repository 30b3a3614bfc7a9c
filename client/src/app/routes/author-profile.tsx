import { useParams } from 'react-router-dom'
import { accountQueryOptions } from '@/features/catalogue/api/get-account'
import { accountBooksQueryOptions } from '@/features/catalogue/api/get-account-books'
import { AuthorProfilePage } from '@/features/catalogue/components/author-profile-page'
import type { RouteHandle } from '../route-handle'

/** Server render: the public profile and the author's approved books. */
export const handle: RouteHandle = {
  prefetch: ({ queryClient, params }) =>
    Promise.all([
      queryClient.fetchQuery(accountQueryOptions(params.id ?? '')),
      queryClient.fetchQuery(accountBooksQueryOptions(params.id ?? '', null)),
    ]),
}

/** /author-profile/{id}: the public author profile. */
export function Component() {
  const { id = '' } = useParams()
  return <AuthorProfilePage key={id} authorId={id} />
}
