import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { AuthModalsProvider } from '@/features/auth/components/auth-modals-provider'
import { SingleBookPage } from '@/features/catalogue/components/single-book-page'
import { AuthorProfilePage } from '@/features/catalogue/components/author-profile-page'
import { addBook, addEpisode, blockUser, createAccount, type Account } from '@/test/factories'
import { renderRoutes } from '@/test/render'
import { signInInBrowser } from '@/test/reader'
import { callApi, watchRequests } from '@/test/server'
import { AccountPromptsBridge } from './layout/account-prompts-bridge'

// Likes and favourites on the real API (src/test/global-setup.ts): the buttons of the single page and of the
// author profile's title cards, the server's state read back after each click.

let owner: Account
beforeAll(async () => {
  owner = await createAccount({ role: 'author' })
})

async function titleWithPodblurb(likes = 0, author = owner) {
  const title = `Lantern ${Math.random().toString(36).slice(2, 8)}`
  const podcastId = await addBook(author.id, { title })
  const episodeId = await addEpisode(podcastId, { duration: 90, likes })
  return { title, podcastId, episodeId }
}

/** The single page, inside the real account dialogs (as the app's layout has them). */
function renderSinglePage(podcastId: string, authorId: string | null = null) {
  renderRoutes(
    [
      {
        path: '/single-book/:id',
        element: (
          <AuthModalsProvider supportEmail="help@example.com">
            <AccountPromptsBridge>
              <SingleBookPage bookId={podcastId} />
              {authorId && <AuthorProfilePage authorId={authorId} />}
            </AccountPromptsBridge>
          </AuthModalsProvider>
        ),
      },
    ],
    `/single-book/${podcastId}`,
  )
  return userEvent.setup()
}

/** The title as the server shows it to `account`. */
async function serverView(podcastId: string, account: Account) {
  const res = await callApi(`/get/Single/Podcast?PodcastId=${podcastId}&userid=${account.id}`, {
    token: account.token,
  })
  return res.body.data as { likeFlag: boolean; favoritesFlag: boolean; episodes: { likes: number }[] }
}

const detail = () => screen.findByRole('article')

describe('like and favourite', () => {
  it('a like shows at once, is stored once, and a second click takes it back', async () => {
    const reader = await createAccount()
    const { title, podcastId } = await titleWithPodblurb(4)
    signInInBrowser(reader)
    const user = renderSinglePage(podcastId)
    const like = within(await detail()).getByRole('button', { name: `Like ${title}` })
    expect(like).toHaveAttribute('aria-pressed', 'false')
    expect(like).toHaveAccessibleDescription('4 likes')

    await user.click(like)
    expect(like).toHaveAttribute('aria-pressed', 'true')
    expect(like).toHaveAccessibleDescription('5 likes')
    await waitFor(async () => expect((await serverView(podcastId, reader)).likeFlag).toBe(true))
    expect((await serverView(podcastId, reader)).episodes[0]?.likes).toBe(5)

    await user.click(like)
    expect(like).toHaveAttribute('aria-pressed', 'false')
    expect(like).toHaveAccessibleDescription('4 likes')
    await waitFor(async () => expect((await serverView(podcastId, reader)).likeFlag).toBe(false))
    expect((await serverView(podcastId, reader)).episodes[0]?.likes).toBe(4)
  })

  it('a double click counts once: one request, one like', async () => {
    const reader = await createAccount()
    const { title, podcastId } = await titleWithPodblurb()
    signInInBrowser(reader)
    const user = renderSinglePage(podcastId)
    const like = within(await detail()).getByRole('button', { name: `Like ${title}` })
    const sent = watchRequests()
    await user.dblClick(like)
    await sent.settled()
    expect(sent.requests.filter((r) => r.path === '/add/like' || r.path === '/remove/like')).toHaveLength(1)
    expect(like).toHaveAttribute('aria-pressed', 'true')
    const view = await serverView(podcastId, reader)
    expect(view.likeFlag).toBe(true)
    expect(view.episodes[0]?.likes).toBe(1)
  })

  it('the second click of a double click does not count, even when the first is already stored', async () => {
    const reader = await createAccount()
    const { title, podcastId } = await titleWithPodblurb()
    signInInBrowser(reader)
    renderSinglePage(podcastId)
    const like = within(await detail()).getByRole('button', { name: `Like ${title}` })
    const sent = watchRequests()
    // A fast server answers between the two clicks of a double click: the browser numbers them in `detail`.
    fireEvent.click(like, { detail: 1 })
    await sent.settled()
    await waitFor(async () => expect((await serverView(podcastId, reader)).likeFlag).toBe(true))
    fireEvent.click(like, { detail: 2 })
    await sent.settled()
    expect(sent.requests.filter((r) => r.path === '/add/like' || r.path === '/remove/like')).toHaveLength(1)
    expect(like).toHaveAttribute('aria-pressed', 'true')
    expect((await serverView(podcastId, reader)).episodes[0]?.likes).toBe(1)
  })

  it('a favourite is stored and listed among the reader’s favourites; every view of the title agrees', async () => {
    const reader = await createAccount()
    const author = await createAccount({ role: 'author' })
    const { title, podcastId } = await titleWithPodblurb(0, author)
    signInInBrowser(reader)
    const user = renderSinglePage(podcastId, author.id)
    const card = await screen.findByRole('article', { name: title })
    const page = screen.getAllByRole('article').find((a) => a !== card && a.querySelector('h1'))
    if (!page) throw new Error('no single page')

    await user.click(within(page).getByRole('button', { name: `Favorite ${title}` }))
    expect(within(card).getByRole('button', { name: `Favorite ${title}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await user.click(within(card).getByRole('button', { name: `Like ${title}` }))
    expect(within(page).getByRole('button', { name: `Like ${title}` })).toHaveAccessibleDescription('1 like')

    await waitFor(async () => {
      const list = await callApi(`/get/user/favorite?userId=${reader.id}`, { token: reader.token })
      expect(list.body.data.map((p: { _id: string }) => p._id)).toEqual([podcastId])
    })
    await waitFor(async () => expect((await serverView(podcastId, reader)).likeFlag).toBe(true))
  })

  it('a visitor is asked to log in first: a warning, the sign-in dialog, nothing sent', async () => {
    const { title, podcastId } = await titleWithPodblurb()
    const user = renderSinglePage(podcastId)
    const like = within(await detail()).getByRole('button', { name: `Like ${title}` })
    const sent = watchRequests()
    await user.click(like)
    expect(await screen.findByText('Please login first')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument()
    expect(like).toHaveAttribute('aria-pressed', 'false')
    expect(sent.requests.filter((r) => r.path.startsWith('/add/'))).toEqual([])
  })

  it('a blocked reader gets the blocked notice, the button changes back and nothing is stored', async () => {
    const reader = await createAccount()
    const { title, podcastId } = await titleWithPodblurb()
    signInInBrowser(reader)
    const user = renderSinglePage(podcastId)
    const favourite = within(await detail()).getByRole('button', { name: `Favorite ${title}` })
    await blockUser(reader.id, 'Spam reports')
    await user.click(favourite)
    const notice = await screen.findByRole('dialog', { name: 'Your Account Has Been Blocked' })
    expect(within(notice).getByText('Spam reports')).toBeInTheDocument()
    expect(favourite).toHaveAttribute('aria-pressed', 'false')
    expect(localStorage.getItem('isBlocked')).toBe('true')
    const list = await callApi(`/get/user/favorite?userId=${reader.id}`, { token: reader.token })
    expect(list.body.data).toEqual([])
  })
})
