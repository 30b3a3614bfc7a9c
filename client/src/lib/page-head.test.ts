import { describe, expect, it } from 'vitest'
import { headTags, jsonLdText, META_DESCRIPTION_MAX } from './page-head'

const byKey = (tags: ReturnType<typeof headTags>) => Object.fromEntries(tags.map((t) => [t.key, t.value]))

describe('headTags', () => {
  it('gives every page its description, canonical link, Open Graph and Twitter card tags', () => {
    const tags = byKey(
      headTags(
        { title: 'Rebecca', description: 'A second wife.', canonicalPath: '/single-book/1', type: 'book' },
        'https://books.example.org',
      ),
    )
    expect(tags).toEqual({
      description: 'A second wife.',
      canonical: 'https://books.example.org/single-book/1',
      'og:site_name': 'BookStrut',
      'og:type': 'book',
      'og:title': 'Rebecca · BookStrut',
      'og:description': 'A second wife.',
      'og:url': 'https://books.example.org/single-book/1',
      'twitter:card': 'summary',
      'twitter:title': 'Rebecca · BookStrut',
      'twitter:description': 'A second wife.',
    })
  })

  it('cuts a description at 160 characters and makes an image absolute, with the large card', () => {
    const tags = byKey(
      headTags(
        { title: 'X', description: 'word '.repeat(100), image: '/media/cover.png' },
        'https://b.example',
      ),
    )
    expect(tags.description!.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX)
    expect(tags['og:image']).toBe('https://b.example/media/cover.png')
    expect(tags['twitter:card']).toBe('summary_large_image')
    expect(tags.canonical).toBeUndefined()
  })

  it('marks a page noindex only when asked', () => {
    expect(byKey(headTags({ title: 'Gone', noindex: true }, 'https://b.example')).robots).toBe('noindex')
    expect(byKey(headTags({ title: 'Here' }, 'https://b.example')).robots).toBeUndefined()
  })
})

describe('jsonLdText', () => {
  it('cannot close its script element', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' })
    expect(text).not.toContain('<')
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})
