import { useQuery } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { HeldBookDecision, Top20Current } from '@bookstrut/schemas'
import { withBookId, type WithBookId } from '@/api/book'
import { apiRequest } from '@/lib/api-client'
import { useAdminWrite } from './admin-users'

/** A Top 20 entry as the console shows it. */
export type Top20Entry = WithBookId<Top20Current['entries'][number]>
/** A held book as the console shows it. */
export type HeldBookRow = WithBookId<HeldBookDecision>

/** GET /admin/top20: the newest ranking with engagement and days in the Top 20. */
export const useTop20Standing = () =>
  useQuery({
    queryKey: ['admin', 'top20'],
    queryFn: () =>
      apiRequest('/admin/top20', { schema: Top20Current }).then((r) => ({
        ...r.data,
        entries: r.data.entries.map(withBookId),
      })),
  })

/** GET /admin/top20/held: the books the anomaly guard holds out, with an admin's word. */
export const useHeldBooks = () =>
  useQuery({
    queryKey: ['admin', 'top20', 'held'],
    queryFn: () =>
      apiRequest('/admin/top20/held', { query: { limit: 100 }, schema: Type.Array(HeldBookDecision) }).then(
        (r) => r.data.map(withBookId),
      ),
  })

/** PUT /admin/top20/held: release or keep a held book. */
export const useDecideHeld = () =>
  useAdminWrite(({ bookId, decision }: { bookId: string; decision: 'release' | 'keep' }) =>
    apiRequest('/admin/top20/held', {
      method: 'PUT',
      body: { podcastId: bookId, decision },
      schema: Type.Unknown(),
    }),
  )
