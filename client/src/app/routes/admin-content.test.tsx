import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contentPreviews } from './admin-content'
import { createAccount, type Account } from '@/test/factories'
import { signInInBrowser } from '@/test/reader'
import { renderRoutes } from '@/test/render'
import { callApi } from '@/test/server'
import { ContentEditorsPage } from '@/features/admin/components/content/content-page'

// The content editors on the real API (src/test/global-setup.ts), with the previews the app gives them.

let admin: Account
beforeAll(async () => {
  admin = await createAccount({ role: 'admin' })
})
beforeEach(() => signInInBrowser(admin))

const HOSTILE =
  '<p>Safe words.</p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>' +
  '<a href="javascript:window.hacked=3">link</a>'

const openEditors = (kind = 'faq') =>
  renderRoutes(
    [{ path: '/admin/content', element: <ContentEditorsPage previews={contentPreviews} /> }],
    `/admin/content?kind=${kind}`,
  )

/** The admin's FAQs whose question holds `words` (drafts too). */
async function faqsMatching(words: string) {
  const res = await callApi(`/get/all/faq?search=${encodeURIComponent(words)}`, { token: admin.token })
  return res.body.data as { question: string; answer: string; isActive: boolean }[]
}

describe('the FAQ editor', () => {
  it('previews a hostile answer inert, through the public page’s component, then publishes it sanitized', async () => {
    const user = userEvent.setup()
    const question = `Is the preview safe ${Date.now()}?`
    openEditors()
    await user.click(await screen.findByRole('button', { name: 'New FAQ' }))
    await user.type(screen.getByLabelText(/^Question/), question)
    // Typed as the admin would paste it (userEvent reads braces and brackets as keys).
    await user.click(screen.getByLabelText('Answer (HTML)'))
    await user.paste(HOSTILE)
    await user.click(screen.getByRole('button', { name: 'Preview' }))

    const preview = screen.getByRole('region', { name: 'Preview' })
    // The public FAQ page's own parts: its heading, "Answer" and the way back to the list.
    expect(within(preview).getByRole('heading', { level: 1, name: question })).toBeInTheDocument()
    expect(within(preview).getByRole('link', { name: 'Back to All FAQs' })).toBeInTheDocument()
    expect(within(preview).getByText('Safe words.')).toBeInTheDocument()
    expect(preview.querySelector('script')).toBeNull()
    expect(preview.querySelector('img')?.getAttribute('onerror')).toBeNull()
    expect(within(preview).getByText('link').getAttribute('href')).toBeNull()
    expect((window as { hacked?: number }).hacked).toBeUndefined()

    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('FAQ published')).toBeInTheDocument()
    const row = await screen.findByRole('row', { name: new RegExp(question.replace(/[?]/g, '\\?')) })
    expect(within(row).getByText('Published')).toBeInTheDocument()
    const [stored] = await faqsMatching(question)
    expect(stored).toMatchObject({ question, isActive: true })
    expect(stored!.answer).not.toMatch(/onerror|script|javascript:/)
  })

  it('names a blank question and a bad link under their fields and sends nothing', async () => {
    const user = userEvent.setup()
    openEditors()
    await user.click(await screen.findByRole('button', { name: 'New FAQ' }))
    await user.type(screen.getByLabelText('Answer (HTML)'), 'An answer without a question')
    await user.click(screen.getByRole('button', { name: 'Add a link' }))
    await user.type(screen.getByLabelText('Link text'), 'Bad')
    await user.type(screen.getByLabelText('Address'), 'javascript:alert(1)')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('1 to 500 characters, not blank')).toBeInTheDocument()
    expect(screen.getByText('A site path starting with / or an http(s) address')).toBeInTheDocument()
    expect(await faqsMatching('An answer without a question')).toEqual([])
  })
})

describe('the blog editor', () => {
  it('answers a taken slug with the server’s words and keeps the form', async () => {
    const user = userEvent.setup()
    const slug = `taken-${Date.now()}`
    const first = await callApi('/create/blog', {
      method: 'POST',
      token: admin.token,
      body: { title: 'First', content: '<p>x</p>', slug },
    })
    expect(first.status).toBe(200)
    openEditors('blog')
    await user.click(await screen.findByRole('button', { name: 'New blog post' }))
    await user.type(screen.getByLabelText(/^Title/), 'Second')
    await user.type(screen.getByLabelText('Slug'), slug)
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText(`A blog post with the slug "${slug}" already exists.`)).toBeInTheDocument()
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Second')
  })
})

describe('the information pages', () => {
  it('publishes a page into the footer, unpublishes it and deletes it, each after a confirmation', async () => {
    const user = userEvent.setup()
    const path = `shipping-${Date.now()}`
    openEditors('information')
    await user.click(await screen.findByRole('button', { name: 'New information page' }))
    await user.type(screen.getByLabelText(/^Name/), 'Shipping')
    await user.type(screen.getByLabelText(/^Path/), path)
    await user.type(screen.getByLabelText('Body (HTML)'), 'Two days.')
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Information page published')).toBeInTheDocument()
    const footer = async () =>
      ((await callApi('/get/all/information?placeArea=footer')).body.data as { path: string }[]).map(
        (p) => p.path,
      )
    expect(await footer()).toContain(path)

    const row = await screen.findByRole('row', { name: /Shipping/ })
    await user.click(within(row).getByRole('button', { name: 'Unpublish' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unpublish' }))
    expect(await within(row).findByText('Draft')).toBeInTheDocument()
    expect(await footer()).not.toContain(path)

    await user.click(within(row).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('row', { name: /Shipping/ })).toBeNull())
    const all = await callApi('/admin/information', { token: admin.token })
    expect((all.body.data as { path: string }[]).map((p) => p.path)).not.toContain(path)
  })
})

describe('the settings', () => {
  // The one settings row is shared by every test file: put the video back as it was.
  afterAll(async () => {
    await callApi('/update/settings', { method: 'PUT', token: admin.token, body: { homePageMedia: '' } })
  })

  it('shows the featured video as the home page will, refuses a bad address, and saves after a confirmation', async () => {
    const user = userEvent.setup()
    openEditors('settings')
    const video = await screen.findByLabelText("Home page's featured video")
    await user.clear(video)
    await user.type(video, 'ftp://example.com/a.mp4')
    expect(await screen.findByText('An http(s) address, a site path, or empty')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled()

    await user.clear(video)
    await user.type(video, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    const preview = screen.getByRole('region', { name: 'Featured video preview' })
    expect(within(preview).getByTitle('Featured video')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    )
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    await waitFor(async () => {
      const res = await callApi('/get/all/settings')
      expect(res.body.data[0].homePageMedia).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    })
  })
})
