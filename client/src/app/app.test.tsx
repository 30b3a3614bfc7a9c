import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { setUnauthorizedHandler } from '@/lib/api-client'
import {
  addBooks,
  addInformationPage,
  blockUser,
  createAccount,
  removeInformationPage,
  setSiteSettings,
  type Account,
} from '@/test/factories'
import { renderRoutes } from '@/test/render'
import { callApi, makeServerUnreachable, sessionIsLive, watchRequests } from '@/test/server'
import { routes } from './router'

// The whole app against the real API (src/test/global-setup.ts). Accounts that tests only read are made
// once; tests that end a session make their own.

const MAYA = { firstName: 'Maya', lastName: 'Okafor' }

let author: Account
let reader: Account
let blockedAuthor: Account
let bookId: string
let footerPageId: string

beforeAll(async () => {
  author = await createAccount({
    ...MAYA,
    role: 'author',
    bio: 'Mysteries.',
    links: ['https://maya.example.com', 'https://instagram.com/maya'],
  })
  reader = await createAccount({ role: 'reader', firstName: 'Sam', lastName: 'Lee' })
  blockedAuthor = await createAccount({ ...MAYA, role: 'author' })
  await blockUser(blockedAuthor.id, 'Spam')
  ;[bookId = ''] = await addBooks(author.id, 1)
  // Site content: one footer page and the social links (blank ones are not shown).
  footerPageId = await addInformationPage({ path: 'help-center', name: 'Help Center', placeArea: 'footer' })
  await setSiteSettings({
    facebook: 'https://facebook.com/bookstrut',
    instagram: '',
    youtube: ' ',
    tiktok: 'https://tiktok.com/@bookstrut',
    supportEmail: 'support@bookstrut.test',
  })
})

afterAll(async () => {
  await removeInformationPage(footerPageId)
  await setSiteSettings({})
})

function signIn(account: Account, extra: Record<string, string> = {}) {
  localStorage.setItem('token', account.token)
  localStorage.setItem('userId', account.id)
  localStorage.setItem('role', account.role)
  localStorage.setItem('isLogin', 'true')
  for (const [k, v] of Object.entries(extra)) localStorage.setItem(k, v)
}

function renderAt(path: string) {
  const result = renderRoutes(routes, path)
  setUnauthorizedHandler(() => void result.router.navigate('/', { replace: true }))
  return result
}

const homeHeading = () => screen.findByRole('heading', { level: 1, name: /Describe the ideas/ })

describe('routes and guards', () => {
  it.each(['/profile', '/upload-book', '/admin/users'])(
    'a logged-out visitor on %s is asked to sign in there, and the sign-in dialog opens',
    async (path) => {
      const { router } = renderAt(path)
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' }),
      ).toBeInTheDocument()
      expect(await screen.findByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe(path)
    },
  )

  it('signing in from the guard shows the page that was asked for', async () => {
    const user = userEvent.setup()
    const { router } = renderAt('/profile-listings')
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' })
    await user.type(within(dialog).getByLabelText('Email'), author.email)
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), author.password)
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'My Listings' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/profile-listings')
  })

  it('isLogin must be the string "true"', async () => {
    signIn(author, { isLogin: '1' })
    const { router } = renderAt('/profile-search')
    await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })
    expect(router.state.location.pathname).toBe('/profile-search')
  })

  it('an unknown address shows "Page not found" with a search box, not the home page', async () => {
    const { router } = renderAt('/no-such-page/here')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: /Search books/ })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/no-such-page/here')
  })

  it.each(['/profile-listings', '/profile-membership', '/upload-book'])(
    'a reader on %s is sent to /profile',
    async (path) => {
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
    signIn(author)
    const { router } = renderAt(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(path)
  })

  it('a blocked user is sent from /search-book to /', async () => {
    signIn(blockedAuthor, { isBlocked: 'true' })
    const { router } = renderAt('/search-book')
    await homeHeading()
    expect(router.state.location.pathname).toBe('/')
  })

  it('/search-book is open to visitors who are not blocked', async () => {
    renderAt('/search-book')
    expect(await screen.findByRole('heading', { level: 1, name: 'Search Results' })).toBeInTheDocument()
  })

  it.each([
    ['/membership', 'Choose Your Plan & Strut Your Titles to the World!'],
    ['/contact', 'Contact Us'],
    ['/faq', 'Frequently Asked Questions'],
    ['/faq/abc', 'FAQ Not Found'],
    ['/blog', 'BookStrut Blog'],
    ['/blog/some-post', 'Blog Post Not Found'],
    ['/pagedetail/help-center', 'Help Center'],
    ['/Policy', 'Privacy Policy'],
    ['/terms-conditions', 'Terms and Conditions'],
    ['/topbookstruts', 'Top 20 Book Struts'],
    ['/free-books', 'Free Books'],
    ['/best-free-book-advertising-sites', 'Best Free Book Advertising Sites'],
  ])('public route %s shows %s', async (path, title) => {
    renderAt(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
  })

  it('a book page shows the book from the server', async () => {
    renderAt(`/single-book/${bookId}`)
    expect(await screen.findByRole('heading', { level: 1, name: /Test Book 1/ })).toBeInTheDocument()
  })

  it("an author's page shows the author from the server", async () => {
    renderAt(`/author-profile/${author.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Okafor' })).toBeInTheDocument()
  })
})

describe('searching from the home page', () => {
  async function searchFromHome(path = '/') {
    const user = userEvent.setup()
    const result = renderAt(path)
    const form = await screen.findByRole('form', { name: 'Search books by idea' })
    await user.type(within(form).getByLabelText('Describe it'), 'dragons at sea')
    await user.click(within(form).getByRole('button', { name: 'Strut my search' }))
    return result
  }

  it('a blocked user is checked first and gets the blocked notice instead of results', async () => {
    signIn(blockedAuthor, { searchMode: 'surface' })
    const sent = watchRequests()
    const { router } = await searchFromHome()
    const dialog = await screen.findByRole('dialog', { name: 'Your Account Has Been Blocked' })
    expect(within(dialog).getByText('Spam')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(sent.requests.some((r) => r.path.startsWith('/search/'))).toBe(false)
  })

  it('a user who is not blocked is checked, then sees the results of the terms in the address', async () => {
    signIn(reader, { searchMode: 'surface' })
    const sent = watchRequests()
    const { router } = await searchFromHome()
    expect(await screen.findByRole('heading', { level: 1, name: 'Search Results' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?query=dragons+at+sea')
    await waitFor(() => expect(sent.requests.some((r) => r.path === '/search/podcast/surface')).toBe(true))
    const paths = sent.requests.map((r) => r.path)
    expect(
      paths.lastIndexOf('/refresh-token/user', paths.indexOf('/search/podcast/surface')),
    ).toBeGreaterThan(-1)
  })

  it('a visitor goes straight to the results', async () => {
    localStorage.setItem('searchMode', 'surface')
    const sent = watchRequests()
    await searchFromHome()
    expect(await screen.findByRole('heading', { level: 1, name: 'Search Results' })).toBeInTheDocument()
    expect(sent.requests.some((r) => r.path === '/refresh-token/user')).toBe(false)
  })
})

describe('session check on route change', () => {
  it('keeps the account from POST /refresh-token/user for the header and stores the blocked flag', async () => {
    const sent = watchRequests()
    signIn(blockedAuthor)
    const user = userEvent.setup()
    renderAt('/')
    await user.click(await screen.findByRole('button', { name: 'Account menu' }))
    expect(await screen.findByText(blockedAuthor.email)).toBeInTheDocument()
    expect(screen.getByText('Maya Okafor')).toBeInTheDocument()
    expect(localStorage.getItem('isBlocked')).toBe('true')
    const refresh = sent.requests.find((r) => r.path === '/refresh-token/user')
    expect(refresh).toMatchObject({ method: 'POST', body: { token: blockedAuthor.token } })
  })

  it('runs again on every navigation and removes isBlocked when no longer blocked', async () => {
    const sent = watchRequests()
    const refreshes = () => sent.requests.filter((r) => r.path === '/refresh-token/user').length
    signIn(author, { isBlocked: 'true' })
    const { router } = renderAt('/')
    await waitFor(() => expect(localStorage.getItem('isBlocked')).toBeNull())
    const before = refreshes()
    await router.navigate('/blog')
    await waitFor(() => expect(refreshes()).toBe(before + 1))
  })

  it('a rejected session clears all local storage and says "Your LogIn Session Expired."', async () => {
    // A session the server has ended.
    const account = await createAccount({ role: 'author' })
    await callApi(`/logout/user?id=${account.id}`, { token: account.token })
    signIn(account, { searchMode: 'surface' })
    renderAt('/')
    expect(await screen.findByText('Your LogIn Session Expired.')).toBeInTheDocument()
    expect(localStorage.length).toBe(0)
    expect(await screen.findByRole('banner')).toHaveTextContent('Sign In')
  })

  it('an unreachable server does not end the session', async () => {
    await makeServerUnreachable()
    const sent = watchRequests()
    signIn(author)
    renderAt('/')
    await homeHeading()
    await waitFor(() => expect(sent.requests.some((r) => r.path === '/refresh-token/user')).toBe(true))
    await sent.settled()
    await new Promise((r) => setTimeout(r, 50))
    expect(localStorage.getItem('token')).toBe(author.token)
    expect(screen.queryByText('Your LogIn Session Expired.')).not.toBeInTheDocument()
  })

  it('does nothing without a token', async () => {
    const sent = watchRequests()
    renderAt('/')
    await homeHeading()
    // The page talks to the API (its lazy sections may start after the heading shows), never to refresh-token.
    await waitFor(() => expect(sent.requests.length).toBeGreaterThan(0))
    await sent.settled()
    expect(sent.requests.some((r) => r.path === '/refresh-token/user')).toBe(false)
  })
})

describe('header and footer', () => {
  it('logged out: Sign In and Sign Up; the Sign Up button opens the sign-up dialog', async () => {
    const user = userEvent.setup()
    renderAt('/')
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    await user.click(within(banner).getByRole('button', { name: 'Sign Up' }))
    expect(screen.getByRole('dialog', { name: 'Create your BookStrut account' })).toBeInTheDocument()
  })

  it('shows Membership to visitors and authors but not to readers', async () => {
    signIn(reader)
    renderAt('/')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).queryByRole('link', { name: 'Membership' })).not.toBeInTheDocument()
    for (const name of ['Home', 'Blog', 'FAQ', 'Contact Us'])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument()
  })

  it('hides Other Menu while the list is empty and lists the menu pages otherwise', async () => {
    const pageId = await addInformationPage({ path: 'about-us', name: 'About Us', placeArea: 'menu' })
    onTestFinished(() => removeInformationPage(pageId))
    const user = userEvent.setup()
    renderAt('/')
    const other = await screen.findByRole('button', { name: 'Other Menu' })
    await user.click(other)
    expect(screen.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/pagedetail/about-us')
  })

  it('has no Other Menu when the server lists no menu pages', async () => {
    const sent = watchRequests()
    renderAt('/')
    await screen.findByRole('link', { name: 'Help Center' })
    await waitFor(() => expect(sent.requests.some((r) => r.query.get('placeArea') === 'menu')).toBe(true))
    await sent.settled()
    expect(screen.queryByRole('button', { name: 'Other Menu' })).not.toBeInTheDocument()
  })

  it('footer: fixed links, the footer pages, social links that are set, and the copyright', async () => {
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
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} BookStrut`)
  })
})

describe('sign out', () => {
  it('Sign Out in the account menu calls logout, removes the session keys and goes to /', async () => {
    const account = await createAccount({ role: 'author' })
    const sent = watchRequests()
    signIn(account, { hasSeenWelcome: 'true', musicDuration: '{}', searchMode: 'surface' })
    sessionStorage.setItem('token', account.token)
    const user = userEvent.setup()
    const { router } = renderAt('/profile')
    await user.click(await screen.findByRole('button', { name: 'Account menu' }))
    await user.click(screen.getByRole('button', { name: 'Sign Out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    const logout = sent.requests.find((r) => r.path === '/logout/user')
    expect(logout?.method).toBe('GET')
    expect(logout?.query.get('id')).toBe(account.id)
    // The server ended the session.
    expect(await sessionIsLive(account.token)).toBe(false)
    expect({ ...localStorage }).toEqual({ searchMode: 'surface' })
    expect(sessionStorage.length).toBe(0)
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('signs out locally even when the logout call fails', async () => {
    const account = await createAccount({ role: 'author' })
    signIn(account)
    const user = userEvent.setup()
    renderAt('/')
    const footer = await screen.findByRole('contentinfo')
    const logoutButton = await within(footer).findByRole('button', { name: 'Logout' })
    await makeServerUnreachable()
    await user.click(logoutButton)
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull())
    expect(localStorage.getItem('isLogin')).toBeNull()
    // The call never arrived: the server still holds the session.
    expect(await sessionIsLive(account.token)).toBe(true)
  })

  it('any 401 on a call made with a token clears storage and sends the browser to /', async () => {
    const account = await createAccount({ ...MAYA, role: 'author' })
    signIn(account)
    const user = userEvent.setup()
    const { router } = renderAt('/profile')
    const form = await screen.findByRole('form')
    // The session ends on the server while the page is open; saving the profile with its token gets a 401.
    await callApi(`/logout/user?id=${account.id}`, { token: account.token })
    await user.click(within(form).getByRole('button', { name: 'Edit Profile' }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(localStorage.getItem('token')).toBeNull()
    // This was the api-client's 401 rule, not the session check.
    expect(screen.queryByText('Your LogIn Session Expired.')).not.toBeInTheDocument()
  })
})
