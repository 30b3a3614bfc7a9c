import type { InfiniteData } from '@tanstack/react-query'
import type { Episode, Podcast } from '@bookstrut/schemas'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client'
import { patchBook, setCachedReaction, withReaction } from './reactions'

const episode = (likes: number): Episode => ({
  _id: 'e'.repeat(24),
  part: 1,
  title: 'Podblurb',
  fileUrl: '/media/audio/x.mp3',
  duration: 60,
  transcript: null,
  year_published: null,
  likes,
  listeningHours: 0,
  status: 1,
  statusComment: '',
  ghostCount: 0,
})

const title = (id: string, likes = 3): Podcast => ({
  _id: id,
  sourceId: null,
  title: `Book ${id}`,
  description: '',
  author: 'A',
  authorImage: null,
  bookCoverImage: null,
  createBy: 'c'.repeat(24),
  publisher: '',
  categoryName: '',
  year_published: null,
  ISBN: null,
  language: null,
  primary_key: '',
  secondary_key: '',
  additional_key: '',
  youtube_url: null,
  tiktok_url: null,
  get_this_url: null,
  status: 1,
  statusComment: '',
  likeFlag: false,
  favoritesFlag: false,
  likes,
  totalListeningCount: 0,
  ghostCount: 0,
  createdAt: '',
  editableUntil: '',
  episodes: [episode(likes)],
})

const A = 'a'.repeat(24)
const B = 'b'.repeat(24)

describe('a reaction in every cached view', () => {
  it('a like sets the flag and moves the book’s and the first podblurb’s counts by one; the same state again changes nothing', () => {
    const liked = withReaction(title(A), 'like', true)
    expect([liked.likeFlag, liked.episodes[0]?.likes]).toEqual([true, 4])
    expect(withReaction(liked, 'like', true)).toBe(liked)
    const unliked = withReaction(liked, 'like', false)
    expect([unliked.likeFlag, unliked.episodes[0]?.likes]).toEqual([false, 3])
    expect([liked.likes, unliked.likes]).toEqual([4, 3])
    // A book without a podblurb counts its likes too.
    const bare = withReaction({ ...title(B), likes: 0, episodes: [] }, 'like', true)
    expect([bare.likeFlag, bare.likes, bare.episodes]).toEqual([true, 1, []])
    const favourite = withReaction(title(A), 'favorite', true)
    expect([favourite.favoritesFlag, favourite.likeFlag, favourite.episodes[0]?.likes]).toEqual([
      true,
      false,
      3,
    ])
  })

  it('finds the title in infinite result pages, lists and the home page, and leaves other data as it was', () => {
    const pages: InfiniteData<{ data: (Podcast & { strut: null })[]; total: number }, number> = {
      pages: [
        {
          data: [
            { ...title(B), strut: null },
            { ...title(A), strut: null },
          ],
          total: 2,
        },
      ],
      pageParams: [1],
    }
    const patched = patchBook(pages, A, (p) => withReaction(p, 'like', true)) as typeof pages
    expect(patched).not.toBe(pages)
    expect(patched.pages[0]?.data[1]).toMatchObject({ _id: A, likeFlag: true, strut: null })
    // The other title keeps its identity (its row does not re-render).
    expect(patched.pages[0]?.data[0]).toBe(pages.pages[0]?.data[0])

    const home = { homePageMedia: null, data: [title(B)] }
    expect(patchBook(home, A, (p) => withReaction(p, 'like', true))).toBe(home)
  })

  it('setCachedReaction changes every query holding the title', () => {
    const client = createQueryClient()
    client.setQueryData(['books', 'one', A], title(A))
    client.setQueryData(['books', 'author', 'x'], [title(B), title(A)])
    client.setQueryData(['users', 'me'], { _id: A, name: 'not a title' })
    setCachedReaction(client, A, 'favorite', true)
    expect(client.getQueryData<Podcast>(['books', 'one', A])?.favoritesFlag).toBe(true)
    expect(client.getQueryData<Podcast[]>(['books', 'author', 'x'])?.map((p) => p.favoritesFlag)).toEqual([
      false,
      true,
    ])
    expect(client.getQueryData(['users', 'me'])).toEqual({ _id: A, name: 'not a title' })
  })
})
