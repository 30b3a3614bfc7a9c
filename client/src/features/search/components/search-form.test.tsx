import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '@/test/render'
import type { SearchTerms } from '../model/search-terms'
import { SearchForm, type SearchFormProps } from './search-form'

const IDEAS = [
  'A lighthouse keeper guards a secret that could ruin the island',
  'Letters from a lost brother arrive decades too late',
  'A storm forces strangers to trust each other overnight',
] as const

/** Where the form sends the browser: the query string and the navigation state. */
function ResultsProbe() {
  const location = useLocation()
  return (
    <output aria-label="results location">
      {location.search}|{JSON.stringify(location.state)}
    </output>
  )
}

function setup(props: SearchFormProps = {}) {
  const user = userEvent.setup()
  const { router } = renderRoutes(
    [
      { path: '/', element: <SearchForm {...props} /> },
      { path: '/search-book', element: <ResultsProbe /> },
    ],
    '/',
  )
  const form = screen.getByRole('form')
  const submit = () => user.click(within(form).getByRole('button', { name: /Strut my search|Search again/ }))
  return { user, router, form, submit }
}

const alertText = () => screen.getByRole('alert').textContent

describe('search box: three ideas', () => {
  it('all three are required; nothing is searched and the ideas are marked', async () => {
    const { submit, router, form } = setup()
    await submit()
    expect(alertText()).toBe('Idea #1 , Idea #2, and Idea #3 are required fields.')
    for (const n of [1, 2, 3])
      expect(within(form).getByLabelText(`Idea #${n}`)).toHaveAttribute('aria-invalid', 'true')
    expect(router.state.location.pathname).toBe('/')
  })

  it('names the missing ideas when only some are filled', async () => {
    const { user, submit, form } = setup()
    await user.type(within(form).getByLabelText('Idea #1'), IDEAS[0])
    await submit()
    expect(alertText()).toBe(
      'Idea #1 , Idea #2, and Idea #3 are required fields. Please fill in: Idea #2, Idea #3.',
    )
    expect(within(form).getByLabelText('Idea #1')).not.toHaveAttribute('aria-invalid')
  })

  it('similar ideas: "It appears you have duplicate or similar queries. Please revise."', async () => {
    const { user, submit, form, router } = setup()
    await user.type(within(form).getByLabelText('Idea #1'), IDEAS[0])
    await user.type(within(form).getByLabelText('Idea #2'), IDEAS[1])
    await user.type(within(form).getByLabelText('Idea #3'), `  ${IDEAS[0].toLowerCase()}`)
    await submit()
    expect(alertText()).toBe('It appears you have duplicate or similar queries. Please revise.')
    expect(within(form).getByLabelText('Idea #2')).not.toHaveAttribute('aria-invalid')
    expect(within(form).getByLabelText('Idea #3')).toHaveAttribute('aria-invalid', 'true')
    expect(router.state.location.pathname).toBe('/')
  })

  it('counts words live, judging no length, and advises three different ideas', async () => {
    const { user, form } = setup()
    const idea = within(form).getByLabelText('Idea #1')
    expect(within(form).getAllByText('a few words or a sentence')).toHaveLength(3)
    expect(
      within(form).getByText(
        'Three different ideas, a few words or a sentence each: together they find a book nearly twice as often as one.',
      ),
    ).toBeInTheDocument()
    await user.type(idea, 'the arctic')
    expect(within(form).getByText('2 words')).toHaveAttribute('data-tone', 'count')
    await user.type(idea, ' where a scientist chases the creature he made')
    expect(within(form).getByText('10 words')).toHaveAttribute('data-tone', 'count')
    expect(within(form).getAllByText('a few words or a sentence')).toHaveLength(2)
  })

  it('sends trimmed ideas to /search-book in the query string and as navigation state (Enter searches)', async () => {
    const { user, form, router } = setup()
    await user.type(within(form).getByLabelText('Idea #1'), `  ${IDEAS[0]} `)
    await user.type(within(form).getByLabelText('Idea #2'), IDEAS[1])
    await user.type(within(form).getByLabelText('Idea #3'), `${IDEAS[2]}{Enter}`)
    expect(await screen.findByLabelText('results location')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/search-book')
    const params = new URLSearchParams(router.state.location.search)
    expect([params.get('firstField'), params.get('secondField'), params.get('thirdField')]).toEqual([
      ...IDEAS,
    ])
    expect(router.state.location.state).toEqual({
      mode: 'structured',
      ideas: [IDEAS[0], IDEAS[1], IDEAS[2]],
    })
  })
})

describe('search box: one sentence', () => {
  it('needs a query: "Please enter your search query."', async () => {
    const { user, submit, form } = setup()
    await user.click(within(form).getByRole('radio', { name: 'One sentence' }))
    await submit()
    expect(alertText()).toBe('Please enter your search query.')
  })

  it('remembers the mode (searchMode) and guides up to 24 words', async () => {
    localStorage.setItem('searchMode', 'surface')
    const { user, form, submit, router } = setup()
    expect(within(form).getByRole('radio', { name: 'One sentence' })).toHaveAttribute('aria-checked', 'true')
    expect(within(form).getByText('up to 24 words')).toBeInTheDocument()
    await user.type(within(form).getByLabelText('Describe it'), 'a cosy mystery')
    expect(within(form).getByText('3 of 24 words')).toBeInTheDocument()
    await submit()
    expect(router.state.location.search).toBe('?query=a+cosy+mystery')
    expect(router.state.location.state).toEqual({ mode: 'surface', query: 'a cosy mystery' })
  })

  it('switching the mode stores it', async () => {
    const { user, form } = setup()
    await user.click(within(form).getByRole('radio', { name: 'One sentence' }))
    expect(localStorage.getItem('searchMode')).toBe('surface')
    await user.click(within(form).getByRole('radio', { name: 'Three ideas' }))
    expect(localStorage.getItem('searchMode')).toBe('structured')
  })
})

describe('refining the search on the results page', () => {
  const current: SearchTerms = { mode: 'structured', ideas: IDEAS }

  it('starts from the current terms; unchanged terms: "No changes detected in search terms."', async () => {
    const { form, submit, router, user } = setup({ variant: 'refine', current })
    expect(within(form).getByLabelText('Idea #2')).toHaveValue(IDEAS[1])
    await user.type(within(form).getByLabelText('Idea #2'), '  ')
    await submit()
    expect(alertText()).toBe('No changes detected in search terms.')
    expect(router.state.location.pathname).toBe('/')
  })

  it('runs the blocked check first and stops when it says no', async () => {
    const beforeSearch = vi.fn().mockResolvedValue(false)
    const { form, submit, router, user } = setup({ variant: 'refine', current, beforeSearch })
    await user.clear(within(form).getByLabelText('Idea #3'))
    await user.type(within(form).getByLabelText('Idea #3'), 'A cat who talks to the moon every single night')
    await submit()
    expect(beforeSearch).toHaveBeenCalledOnce()
    expect(router.state.location.pathname).toBe('/')
    beforeSearch.mockResolvedValue(true)
    await submit()
    expect(router.state.location.pathname).toBe('/search-book')
  })
})
