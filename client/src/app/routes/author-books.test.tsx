import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { routes } from '@/app/router'
import { addBook, createAccount, type Account } from '@/test/factories'
import { renderRoutes } from '@/test/render'

// An imported book belongs to the account that imported it (the publisher). Its author links must lead to the
// author's own page (their books, under their name), not to that account's profile; a book listed in the app
// keeps linking to its account's profile. Against the real API (src/test/global-setup.ts).

let catalogue: Account
let author: Account
/** A name no other test uses, so the page shows exactly this test's books. */
const writer = `Khaled Hosseini ${randomBytes(3).toString('hex')}`
let kiteRunner: string
let ownBook: string

beforeAll(async () => {
  catalogue = await createAccount({ role: 'publisher', firstName: 'BookStrut', lastName: 'Catalogue' })
  author = await createAccount({ role: 'author', firstName: 'Maya', lastName: 'Okafor' })
  kiteRunner = await addBook(catalogue.id, {
    title: 'The Kite Runner',
    author: writer,
    sourceId: `gr-${randomBytes(4).toString('hex')}`,
  })
  await addBook(catalogue.id, {
    title: 'A Thousand Splendid Suns',
    author: writer,
    sourceId: `gr-${randomBytes(4).toString('hex')}`,
  })
  ownBook = await addBook(author.id, { title: 'Salt Roads', author: 'Maya Okafor' })
})

describe("an imported book's author", () => {
  it('"by" the author opens the author\'s page: their books, their name, and the account listing them', async () => {
    const user = userEvent.setup()
    const { router } = renderRoutes(routes, `/single-book/${kiteRunner}`)
    await screen.findByRole('heading', { level: 1, name: /The Kite Runner/ })
    await user.click(screen.getByRole('link', { name: writer }))

    expect(await screen.findByRole('heading', { level: 1, name: writer })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/author/${encodeURIComponent(writer)}`)
    expect(screen.queryByText('BookStrut Catalogue', { selector: 'h1' })).toBeNull()
    const stat = screen.getByText('Total Titles').closest('span')
    expect(stat?.textContent).toBe('2 Total Titles')
    // Both books, by title.
    expect(await screen.findByRole('article', { name: 'The Kite Runner' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'A Thousand Splendid Suns' })).toBeInTheDocument()
    // The importing account stays the publisher, linked to its own profile.
    const listedBy = screen.getByRole('region', { name: 'Listed by' })
    const account = within(listedBy).getByRole('link', { name: 'BookStrut Catalogue' })
    expect(account).toHaveAttribute('href', `/author-profile/${catalogue.id}`)
    expect(listedBy.textContent).toContain(`2 books by ${writer}`)
  })

  it('"Author profile" on the book page and the card shortcut go to the same page', async () => {
    renderRoutes(routes, `/single-book/${kiteRunner}`)
    const button = await screen.findByRole('link', { name: 'Author profile' })
    expect(button).toHaveAttribute('href', `/author/${encodeURIComponent(writer)}`)
    cleanup()

    renderRoutes(routes, `/author/${encodeURIComponent(writer)}`)
    const card = await screen.findByRole('article', { name: 'The Kite Runner' })
    expect(within(card).getByRole('link', { name: `Author profile of ${writer}` })).toHaveAttribute(
      'href',
      `/author/${encodeURIComponent(writer)}`,
    )
  })

  it('a book listed in the app keeps linking to the profile of the account that listed it', async () => {
    renderRoutes(routes, `/single-book/${ownBook}`)
    expect(await screen.findByRole('link', { name: 'Author profile' })).toHaveAttribute(
      'href',
      `/author-profile/${author.id}`,
    )
  })

  it('an author no book names is "Author not found", with the way home', async () => {
    renderRoutes(routes, `/author/${encodeURIComponent(`Nobody ${randomBytes(3).toString('hex')}`)}`)
    expect(await screen.findByRole('heading', { name: 'Author not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
  })

  it('a name holding a slash or a percent sign reaches its page', async () => {
    const odd = `AC/DC 100% ${randomBytes(3).toString('hex')}`
    await addBook(catalogue.id, {
      title: 'Highway',
      author: odd,
      sourceId: `gr-${randomBytes(4).toString('hex')}`,
    })
    renderRoutes(routes, `/author/${encodeURIComponent(odd)}`)
    expect(await screen.findByRole('heading', { level: 1, name: odd })).toBeInTheDocument()
  })
})
