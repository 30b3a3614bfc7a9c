import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUILT_IN_BLOG_POSTS, BUILT_IN_FAQS } from '@bookstrut/schemas'
import { contactMessagesFrom, createAccount, uniqueEmail, type Account } from '@/test/factories'
import { renderRoutes } from '@/test/render'
import { callApi, makeServerUnreachable } from '@/test/server'
import { BlogListPage } from './blog-list-page'
import { BlogPostPage } from './blog-post-page'
import { ContactPage } from './contact-page'
import { FaqPage } from './faq-page'
import { HomeFaq } from './home-faq'

// The content pages on the real API (src/test/global-setup.ts); content is written through the admin API.

let admin: Account
beforeAll(async () => {
  admin = await createAccount({ role: 'admin' })
})

const UNREACHABLE = 'Unable to reach the server. Please check your connection and try again.'

/** With the server down: the loading text first, then the offline notice naming the reason and the built-in list. */
async function showsOfflineFallback(
  page: ReactElement,
  { loading, notice, names }: { loading: string; notice: string; names: string[] },
) {
  await makeServerUnreachable()
  renderRoutes([{ path: '/', element: page }], '/')
  expect(screen.getByText(loading)).toBeInTheDocument()
  expect(await screen.findByText(`${notice} Server data unavailable: ${UNREACHABLE}`)).toBeInTheDocument()
  for (const name of names) expect(screen.getByText(name)).toBeInTheDocument()
}

// The offline fallbacks: the home FAQ section (15 built-in questions) and the blog list (10 built-in posts).
const faqOffline = {
  loading: 'Loading FAQs...',
  notice: 'Using offline FAQ data.',
  names: BUILT_IN_FAQS.map((f) => f.question),
}
const blogOffline = {
  loading: 'Loading blog posts...',
  notice: 'Using offline blog data.',
  names: BUILT_IN_BLOG_POSTS.map((p) => p.title),
}

it('the home FAQ section falls back to the 15 built-in questions with the offline notice', async () => {
  expect(faqOffline.names).toHaveLength(15)
  await showsOfflineFallback(<HomeFaq />, faqOffline)
})

it('the blog list falls back to the 10 built-in posts with the offline notice', async () => {
  expect(blogOffline.names).toHaveLength(10)
  await showsOfflineFallback(<BlogListPage />, blogOffline)
})

describe('the FAQ page', () => {
  it('lists the server FAQs in an accordion with one item open at a time', async () => {
    const tag = Math.random().toString(36).slice(2, 8)
    for (const [i, q] of [`First ${tag}?`, `Second ${tag}?`].entries()) {
      const res = await callApi('/create/faq', {
        method: 'POST',
        token: admin.token,
        body: {
          question: q,
          answer: `<p>Answer ${i} about BookStrut</p><script>window.hacked=1</script>`,
          order: -1000 + i,
        },
      })
      expect(res.status).toBe(200)
    }
    const user = userEvent.setup()
    renderRoutes([{ path: '/faq', element: <FaqPage /> }], '/faq')
    const first = await screen.findByRole('button', { name: `First ${tag}?` })
    const second = screen.getByRole('button', { name: `Second ${tag}?` })
    await user.click(first)
    expect(first).toHaveAttribute('aria-expanded', 'true')
    const panel = document.getElementById(first.getAttribute('aria-controls') ?? '')
    expect(panel).not.toBeNull()
    expect(within(panel as HTMLElement).getByText('BookStrut').tagName).toBe('STRONG')
    expect(panel?.querySelector('script')).toBeNull()
    expect(within(panel as HTMLElement).getByRole('link', { name: 'View full details' })).toBeInTheDocument()
    await user.click(second)
    expect(first).toHaveAttribute('aria-expanded', 'false')
    expect(second).toHaveAttribute('aria-expanded', 'true')
    await user.click(second)
    expect(second).toHaveAttribute('aria-expanded', 'false')
  })
})

describe('the blog', () => {
  it('shows cards with HTML stripped from the preview', async () => {
    const title = `Card ${Math.random().toString(36).slice(2, 8)}`
    await callApi('/create/blog', {
      method: 'POST',
      token: admin.token,
      body: { title, content: '<p>x</p>', excerpt: '<b>Bold</b>&nbsp;preview text' },
    })
    renderRoutes([{ path: '/blog', element: <BlogListPage /> }], '/blog')
    const card = (await screen.findByRole('heading', { name: title })).closest('a') as HTMLElement
    expect(within(card).getByText('Bold preview text')).toBeInTheDocument()
    expect(card.innerHTML).not.toContain('<b>')
  })

  it('says "Blog Post Not Found" for an unknown slug', async () => {
    renderRoutes(
      [{ path: '/blog/:slug', element: <BlogPostPage slug="no-such-post-here" /> }],
      '/blog/no-such-post-here',
    )
    expect(await screen.findByRole('heading', { name: 'Blog Post Not Found' })).toBeInTheDocument()
    expect(
      screen.getByText("The blog post you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument()
    expect(screen.getByText('Blog not found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '← Back to Blog' })).toHaveAttribute('href', '/blog')
  })
})

describe('the contact form', () => {
  it('shows the spec messages live and on submit, and sends a valid message that the server stores', async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/contact', element: <ContactPage /> }], '/contact')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    for (const message of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ])
      expect(screen.getByText(message)).toBeInTheDocument()
    const email = uniqueEmail('contact')
    await user.type(screen.getByLabelText('Name'), 'Ada')
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'ada@nowhere')
    expect(screen.getByText('Email is not valid')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), email)
    await user.type(screen.getByLabelText('Subject'), 'Infinite Strut')
    await user.type(screen.getByLabelText('Message'), 'short')
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Message'), ' but now long enough')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Your data has been submitted successfully!')).toBeInTheDocument()
    await waitFor(async () =>
      expect(await contactMessagesFrom(email)).toEqual([
        { subject: 'Infinite Strut', message: 'short but now long enough' },
      ]),
    )
  })
})
