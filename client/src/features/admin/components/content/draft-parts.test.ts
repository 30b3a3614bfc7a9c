import { describe, expect, it } from 'vitest'
import { draftBinder } from './draft-parts'

interface Draft {
  title: string
  slug: string
  links: { label: string }[]
}

describe('draftBinder', () => {
  it("gives a text field the draft's value, the problem at its body path, and merges a change into the draft", () => {
    const patches: Partial<Draft>[] = []
    const bind = draftBinder<Draft>({
      draft: { title: 'How ideas work', slug: '', links: [] },
      set: (patch) => patches.push(patch),
      errors: { '/slug': 'Slug is required', '/links/0/label': 'Label is required', '/': 'Check the form' },
    })

    const title = bind('title')
    expect(title.value).toBe('How ideas work')
    expect(title.error).toBeUndefined()
    title.onChange({ target: { value: 'How idea search works' } })

    const slug = bind('slug')
    expect(slug.error).toBe('Slug is required')
    slug.onChange({ target: { value: 'idea-search' } })

    expect(patches).toEqual([{ title: 'How idea search works' }, { slug: 'idea-search' }])
  })
})
