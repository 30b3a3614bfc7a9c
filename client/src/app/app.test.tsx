import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '@bookstrut/schemas'
import { setUnauthorizedHandler } from '@/lib/api-client'
import { fail, installFakeApi, ok, type FakeResponse, type RecordedRequest } from '@/test/fetch-mock'
import { renderRoutes } from '@/test/render'
import { routes } from './router'

const id = (n: number) => String(n).padStart(24, 'a')

const author: User = {
  _id: id(1),
  email: 'maya@example.com',
  first_name: 'Maya',
  last_name: 'Okafor',
  role: 'author',
  profileImage: null,
  bannerImage: null,
  bio: 'Mysteries.',
  websiteAndSocialLinks: ['https://maya.example.com', 'https://instagram.com/maya'],
  isBlocked: false,
  notes: '',
  custId: null,
  isVerified: true,
  podcastCount: 3,
  membership: null,
  createdAt: '2026-01-01T00:00:00.000Z',
}
const reader: User = {
  ...author,
  _id: id(2),
  role: 'reader',
  first_name: 'Sam',
  last_name: 'Lee',
  email: 'sam@example.com',
}

interface ServerOptions {
  user?: User | null
  blocked?: boolean
  refresh?: FakeResponse
  menu?: { _id: string; path: string; information_name: string; placeArea: 'menu' }[]
  extra?: (req: RecordedRequest) => FakeResponse | undefined
}

function fakeServer({ user = null, blocked = false, refresh, menu = [], extra }: ServerOptions = {}) {
  return installFakeApi((req) => {
    const custom = extra?.(req)
    if (custom) return custom
    switch (req.path) {
      case '/get/all/information':
        return ok(
          req.query.get('placeArea') === 'menu'
            ? menu
            : [{ _id: id(13), path: 'help-center', information_name: 'Help Center', placeArea: 'footer' }],
        )
      case '/get/all/settings':
        return ok([
          {
            _id: id(20),
            Facebook: 'https://facebook.com/bookstrut',
            Instagram: '',
            YouTube: ' ',
            TikTok: 'https://tiktok.com/@bookstrut',
            authEmailCredentials: { email: 'support@bookstrut.test' },
          },
        ])
      case '/refresh-token/user':
        return (
          refresh ??
          (user
            ? ok({ isBlocked: blocked, notes: blocked ? 'Spam' : '', user })
            : fail(401, 'UNAUTHORIZED', 'Invalid token'))
        )
      case '/get/single/user':
        return user ? ok(user) : fail(404, 'NOT_FOUND', 'No such user')
      case '/logout/user':
        return ok(null, 'Logged out')
      default:
        return fail(404, 'NOT_FOUND', `no fake for ${req.path}`)
    }
  })
}

function signIn(user: Pick<User, '_id' | 'role'>, extra: Record<string, string> = {}) {
  localStorage.setItem('token', 'tok-1')
  localStorage.setItem('userId', user._id)
  localStorage.setItem('role', user.role)
  localStorage.setItem('isLogin', 'true')
  for (const [k, v] of Object.entries(extra)) localStorage.setItem(k, v)
}

function renderAt(path: string) {
  const result = renderRoutes(routes, path)
  setUnauthorizedHandler(() => void result.router.navigate('/', { replace: true }))
  return result
}

const homeHeading = () => screen.findByRole('heading', { level: 1, name: /Describe the ideas/ })

afterEach(() => vi.unstubAllGlobals())

describe('routes and guards', () => {
  it('a logged-out visitor is sent from /profile to /', async () => {
    fakeServer()
    const { router } = renderAt('/profile')
    expect(await homeHeading()).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('isLogin must be the string "true"', async () => {
    fakeServer({ user: author })
    signIn(author, { isLogin: '1' })
    const { router } = renderAt('/profile-search')
    await homeHeading()
    expect(router.state.location.pathname).toBe('/')
  })

  it.each(['/profile-listings', '/profile-membership', '/upload-book'])(
    'a reader on %s is sent to /profile',
    async (path) => {
      fakeServer({ user: reader })
      signIn(reader)
      const { router } = renderAt(path)
      expect(await screen.findByRole('heading', { name: 'Sam Lee' })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe('/profile')
    },
  )

  it.each([
    ['/profile-listings', 'My Listings'],
    ['/profile-membership', 'My Membership'],
    ['/upload-book', 'Upload a Book'],
    ['/profile-fevorite', 'Favorite'],
    ['/profile-search', 'Saved Search'],
    ['/profile-ghost', 'Ghosted Titles'],
  ])('an author reaches %s', async (path, title) => {
    fakeServer({ user: author })
    signIn(author)
    const { router } = renderAt(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(path)
  })

  it('a blocked user is sent from /search-book to /', async () => {
    fakeServer({ user: author, blocked: true })
    signIn(author, { isBlocked: 'true' })
    const { router } = renderAt('/search-book')
    await homeHeading()
    expect(router.state.location.pathname).toBe('/')
  })

  it('/search-book is open to visitors who are not blocked', async () => {
    fakeServer()
    renderAt('/search-book')
    expect(await screen.findByRole('heading', { level: 1, name: 'Search Results' })).toBeInTheDocument()
  })

  it.each([
    ['/membership', 'Membership'],
    ['/contact', 'Contact Us'],
    ['/faq', 'FAQ'],
    ['/faq/abc', 'FAQ'],
    ['/blog', 'Blog'],
    ['/blog/some-post', 'Blog'],
    ['/pagedetail/help-center', 'Information'],
    ['/Policy', 'Privacy Policy'],
    ['/terms-conditions', 'Terms and Conditions'],
    ['/single-book/' + id(5), 'Podblurb'],
    ['/author-profile/' + id(1), 'Author Profile'],
    ['/topbookstruts', 'Top 20 Book Struts'],
    ['/free-books', 'Free Books'],
    ['/best-free-book-advertising-sites', 'Best Free Book Advertising Sites'],
  ])('public route %s shows %s', async (path, title) => {
    fakeServer()
    renderAt(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
  })

  it('any other path goes to /', async () => {
    fakeServer()
    const { router } = renderAt('/no/such/page')
    await homeHeading()
    expect(router.state.location.pathname).toBe('/')
  })
})

describe('session check on route change', () => {
  it('keeps the account from POST /refresh-token/user for the header and stores the blocked flag', async () => {
    const api = fakeServer({ user: author, blocked: true })
    signIn(author)
    const user = userEvent.setup()
    renderAt('/')
    await user.click(await screen.findByRole('button', { name: 'Account menu' }))
    expect(await screen.findByText('maya@example.com')).toBeInTheDocument()
    expect(screen.getByText('Maya Okafor')).toBeInTheDocument()
    expect(localStorage.getItem('isBlocked')).toBe('true')
    const refresh = api.requests.find((r) => r.path === '/refresh-token/user')
    expect(refresh).toMatchObject({ method: 'POST', body: { token: 'tok-1' } })
  })

  it('runs again on every navigation and removes isBlocked when no longer blocked', async () => {
    const api = fakeServer({ user: author })
    signIn(author, { isBlocked: 'true' })
    const { router } = renderAt('/')
    await waitFor(() => expect(localStorage.getItem('isBlocked')).toBeNull())
    const before = api.requests.filter((r) => r.path === '/refresh-token/user').length
    await router.navigate('/blog')
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/refresh-token/user').length).toBe(before + 1),
    )
  })

  it('a rejected session clears all local storage and says "Your LogIn Session Expired."', async () => {
    fakeServer({ user: author, refresh: fail(401, 'UNAUTHORIZED', 'Invalid token') })
    signIn(author, { searchMode: 'surface' })
    renderAt('/')
    expect(await screen.findByText('Your LogIn Session Expired.')).toBeInTheDocument()
    expect(localStorage.length).toBe(0)
    expect(await screen.findByRole('banner')).toHaveTextContent('Sign In')
  })

  it('an unreachable server does not end the session', async () => {
    fakeServer({ user: author, refresh: fail(503, 'INTERNAL', 'Down') })
    signIn(author)
    renderAt('/')
    await homeHeading()
    await new Promise((r) => setTimeout(r, 50))
    expect(localStorage.getItem('token')).toBe('tok-1')
  })

  it('does nothing without a token', async () => {
    const api = fakeServer()
    renderAt('/')
    await homeHeading()
    expect(api.requests.some((r) => r.path === '/refresh-token/user')).toBe(false)
  })
})

describe('header and footer', () => {
  it('logged out: Sign In and Sign Up; the Sign Up button opens the sign-up dialog', async () => {
    fakeServer()
    const user = userEvent.setup()
    renderAt('/')
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    await user.click(within(banner).getByRole('button', { name: 'Sign Up' }))
    expect(screen.getByRole('dialog', { name: 'Create your BookStrut account' })).toBeInTheDocument()
  })

  it('shows Membership to visitors and authors but not to readers', async () => {
    fakeServer({ user: reader })
    signIn(reader)
    renderAt('/')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).queryByRole('link', { name: 'Membership' })).not.toBeInTheDocument()
    for (const name of ['Home', 'Blog', 'FAQ', 'Contact Us'])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument()
  })

  it('hides Other Menu while the list is empty and lists the menu pages otherwise', async () => {
    fakeServer({ menu: [{ _id: id(11), path: 'about-us', information_name: 'About Us', placeArea: 'menu' }] })
    const user = userEvent.setup()
    renderAt('/')
    const other = await screen.findByRole('button', { name: 'Other Menu' })
    await user.click(other)
    expect(screen.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/pagedetail/about-us')
  })

  it('has no Other Menu when the server lists no menu pages', async () => {
    fakeServer()
    renderAt('/')
    await screen.findByRole('link', { name: 'Help Center' })
    expect(screen.queryByRole('button', { name: 'Other Menu' })).not.toBeInTheDocument()
  })

  it('footer: fixed links, the footer pages, social links that are set, and the copyright', async () => {
    fakeServer()
    renderAt('/')
    const footer = await screen.findByRole('contentinfo')
    expect(await within(footer).findByRole('link', { name: 'Help Center' })).toHaveAttribute(
      'href',
      '/pagedetail/help-center',
    )
    expect(within(footer).getByRole('link', { name: 'Membership' })).toHaveAttribute('href', '/membership')
    expect(within(footer).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
    expect(await within(footer).findByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.com/bookstrut',
    )
    expect(within(footer).getByRole('link', { name: 'TikTok' })).toBeInTheDocument()
    expect(within(footer).queryByRole('link', { name: 'Instagram' })).not.toBeInTheDocument()
    expect(within(footer).queryByRole('link', { name: 'YouTube' })).not.toBeInTheDocument()
    expect(within(footer).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument()
    expect(footer).toHaveTextContent('© 2025 BookStrut')
  })
})

describe('sign out', () => {
  it('Sign Out in the account menu calls logout, removes the session keys and goes to /', async () => {
    const api = fakeServer({ user: author })
    signIn(author, { hasSeenWelcome: 'true', musicDuration: '{}', searchMode: 'surface' })
    sessionStorage.setItem('token', 'tok-1')
    const user = userEvent.setup()
    const { router } = renderAt('/profile')
    await user.click(await screen.findByRole('button', { name: 'Account menu' }))
    await user.click(screen.getByRole('button', { name: 'Sign Out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    const logout = api.requests.find((r) => r.path === '/logout/user')
    expect(logout?.method).toBe('GET')
    expect(logout?.query.get('id')).toBe(author._id)
    expect({ ...localStorage }).toEqual({ searchMode: 'surface' })
    expect(sessionStorage.length).toBe(0)
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('signs out locally even when the logout call fails', async () => {
    fakeServer({
      user: author,
      extra: (req) => (req.path === '/logout/user' ? fail(500, 'INTERNAL', 'boom') : undefined),
    })
    signIn(author)
    const user = userEvent.setup()
    renderAt('/')
    const footer = await screen.findByRole('contentinfo')
    await user.click(within(footer).getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull())
    expect(localStorage.getItem('isLogin')).toBeNull()
  })

  it('any 401 on a call made with a token clears storage and sends the browser to /', async () => {
    fakeServer({
      user: author,
      extra: (req) => (req.path === '/get/single/user' ? fail(401, 'UNAUTHORIZED', 'Expired') : undefined),
    })
    signIn(author)
    const { router } = renderAt('/profile')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(localStorage.getItem('token')).toBeNull()
  })
})
