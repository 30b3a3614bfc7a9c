import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import type { Book } from '@/api/book'
import { useCallback } from 'react'
import { toast } from 'sonner'
import { useAccountPrompts } from './account-prompts'
import { ApiError, apiRequest, GENERIC_ERROR } from './api-client'
import { getStoredSession, setBlockedFlag } from './storage'

/*
 * Likes and favourites (spec reader-and-account sections 4 and 7): POST /add/like, DELETE /remove/like, POST
 * /add/favorite, DELETE /remove/favorite with userid, podcastid, episodeId. The buttons are optimistic: every cached
 * view of the book (search results, home, single page, author profile, favourites) changes at once and changes back
 * when the server refuses.
 */

export type ReactionKind = 'like' | 'favorite'

/** Spec section 8: anonymous visitors are warned before the sign-in dialog opens. */
export const LOGIN_FIRST = 'Please login first'

export interface ReactionInput {
  userId: string
  bookId: string
  /** The first podblurb; the server takes the book's first when left out. */
  episodeId?: string | undefined
}

const params = ({ userId, bookId, episodeId }: ReactionInput) => ({
  userid: userId,
  podcastid: bookId,
  ...(episodeId ? { episodeId } : {}),
})

/** Adds (on) or takes back (off) a like or favourite; both are idempotent on the server. */
export function sendReaction(kind: ReactionKind, on: boolean, input: ReactionInput) {
  return on
    ? apiRequest(`/add/${kind}`, { method: 'POST', body: params(input), schema: Type.Null() })
    : apiRequest(`/remove/${kind}`, { method: 'DELETE', query: params(input), schema: Type.Null() })
}

/** Whether the caller has reacted, as a view shows it. */
export const reactedTo = (book: Book, kind: ReactionKind) =>
  kind === 'like' ? book.likeFlag : book.favoritesFlag

/**
 * The book with the caller's reaction set to `on`; a like also moves the book's count by one (and the first
 * podblurb's, which the server credits a like sent without an episode to).
 */
export function withReaction(book: Book, kind: ReactionKind, on: boolean): Book {
  if (reactedTo(book, kind) === on) return book
  if (kind === 'favorite') return { ...book, favoritesFlag: on }
  const by = on ? 1 : -1
  const [first, ...rest] = book.episodes
  const episodes = first ? [{ ...first, likes: Math.max(0, first.likes + by) }, ...rest] : []
  return { ...book, likeFlag: on, likes: Math.max(0, book.likes + by), episodes }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A book as the API shows it (any view): recognised by its id, its episodes and its flags. */
const isTitle = (value: Record<string, unknown>, bookId: string) =>
  value._id === bookId && Array.isArray(value.episodes) && typeof value.likeFlag === 'boolean'

/**
 * A cached answer with every copy of the book changed (the same reference when it holds none). Walks lists, pages
 * of infinite queries and the home page's wrapper alike, so no view needs its own updater.
 */
export function patchBook(value: unknown, bookId: string, change: (book: Book) => Book, depth = 0): unknown {
  if (depth > 6) return value
  if (Array.isArray(value)) {
    let changed = false
    const next = value.map((item: unknown) => {
      const patched = patchBook(item, bookId, change, depth + 1)
      if (patched !== item) changed = true
      return patched
    })
    return changed ? next : value
  }
  if (!isRecord(value)) return value
  if (isTitle(value, bookId)) return change(value as unknown as Book)
  let changed = false
  const next: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    const patched = patchBook(item, bookId, change, depth + 1)
    if (patched !== item) changed = true
    next[key] = patched
  }
  return changed ? next : value
}

/** Sets the caller's reaction in every cached view of the book. */
export function setCachedReaction(queryClient: QueryClient, bookId: string, kind: ReactionKind, on: boolean) {
  for (const query of queryClient.getQueryCache().getAll()) {
    const before = query.state.data
    if (before === undefined) continue
    const after = patchBook(before, bookId, (p) => withReaction(p, kind, on))
    if (after !== before) queryClient.setQueryData(query.queryKey, after)
  }
}

/** The favourites list's query key prefix (features/favorites): a favourite added or removed makes it stale. */
export const FAVORITES_QUERY_KEY = ['favorites'] as const

/** Reactions on their way, across every view: a second click on the same button waits for none and counts none. */
const inFlight = new Set<string>()

const blockedNotes = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.status !== 403 || error.code !== 'BLOCKED') return null
  const data = error.data
  return isRecord(data) && typeof data.notes === 'string' ? data.notes : ''
}

const failureText = (error: unknown, kind: ReactionKind) => {
  if (error instanceof ApiError && error.status !== 0 && error.message && error.message !== GENERIC_ERROR)
    return error.message
  return kind === 'like' ? 'Failed to update the like' : 'Failed to update favorites'
}

/**
 * Toggles the caller's like or favourite on a book: "Please login first" and the sign-in dialog for visitors;
 * otherwise the change shows at once everywhere and is sent; a refusal changes it back and says why (the server's
 * message as an error toast, or the blocked notice). Clicks while the book's last change is on its way are ignored,
 * so a double click counts once. Resolves true when the change was stored.
 */
export function useToggleReaction(kind: ReactionKind) {
  const queryClient = useQueryClient()
  const prompts = useAccountPrompts()
  return useCallback(
    async (book: Book): Promise<boolean> => {
      const { isLoggedIn, userId } = getStoredSession()
      if (!isLoggedIn || !userId) {
        toast.warning(LOGIN_FIRST)
        prompts.signIn()
        return false
      }
      const key = `${kind}:${book._id}`
      if (inFlight.has(key)) return false
      inFlight.add(key)
      const on = !reactedTo(book, kind)
      setCachedReaction(queryClient, book._id, kind, on)
      try {
        await sendReaction(kind, on, { userId, bookId: book._id, episodeId: book.episodes[0]?._id })
        if (kind === 'favorite') void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY })
        return true
      } catch (error) {
        setCachedReaction(queryClient, book._id, kind, !on)
        const notes = blockedNotes(error)
        if (notes !== null) {
          setBlockedFlag(true)
          prompts.blocked(notes)
        } else toast.error(failureText(error, kind))
        return false
      } finally {
        inFlight.delete(key)
      }
    },
    [kind, queryClient, prompts],
  )
}
